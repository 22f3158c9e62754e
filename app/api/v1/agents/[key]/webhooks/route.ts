import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { createWebhook, listWebhooks } from "@/lib/webhooks/server/webhook-config";
import { seesFullWebhookUrls } from "@/lib/webhooks/server/webhook-url-view";
import { CreatedWebhookBody, CreateWebhookBody, WebhookList } from "@/lib/webhooks/webhook-schemas";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/webhooks → {webhooks}: the agent's webhooks (never their secrets; URLs
// without their query string but for admins).
export const GET = defineRoute(
  { scope: "agents:read", params: AgentKeyParams, response: WebhookList },
  async ({ db, params, principal }) => ({
    webhooks: await listWebhooks(db, await requireAgent(db, params.key), seesFullWebhookUrls(principal)),
  }),
);

// POST /api/v1/agents/{key}/webhooks {url, events, enabled?} → 201 the webhook with its secret, shown this once.
export const POST = defineRoute(
  { scope: "agents:write", params: AgentKeyParams, body: CreateWebhookBody, response: { 201: CreatedWebhookBody } },
  async ({ db, params, body, actor, requestId, principal, reply }) => {
    const agent = await requireAgent(db, params.key);
    return reply(
      201,
      await createWebhook(db, agent, body, { actor, requestId, fullUrls: seesFullWebhookUrls(principal) }),
    );
  },
);
