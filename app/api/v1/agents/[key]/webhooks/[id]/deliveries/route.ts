import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { listDeliveries } from "@/lib/webhooks/server/webhook-config";
import { WebhookDeliveryList } from "@/lib/webhooks/webhook-schemas";
import { AgentWebhookParams } from "../../../../../params";

// GET /api/v1/agents/{key}/webhooks/{id}/deliveries → {deliveries}: the latest 50, newest first.
export const GET = defineRoute(
  { scope: "agents:read", params: AgentWebhookParams, response: WebhookDeliveryList },
  async ({ db, params }) => ({
    deliveries: await listDeliveries(db, await requireAgent(db, params.key), params.id),
  }),
);
