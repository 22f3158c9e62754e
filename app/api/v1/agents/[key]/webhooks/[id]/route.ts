import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/server/webhook-config";
import { seesFullWebhookUrls } from "@/lib/webhooks/server/webhook-url-view";
import { DeletedWebhookBody, UpdateWebhookBody, WebhookBody } from "@/lib/webhooks/webhook-schemas";
import { AgentWebhookParams } from "../../../../params";

// PATCH /api/v1/agents/{key}/webhooks/{id} {url?, events?, enabled?} → the webhook.
export const PATCH = defineRoute(
  { scope: "agents:write", params: AgentWebhookParams, body: UpdateWebhookBody, response: WebhookBody },
  async ({ db, params, body, actor, requestId, principal }) =>
    updateWebhook(db, await requireAgent(db, params.key), params.id, body, {
      actor,
      requestId,
      fullUrls: seesFullWebhookUrls(principal),
    }),
);

// DELETE /api/v1/agents/{key}/webhooks/{id} → {deleted: id}; its delivery log goes with it.
export const DELETE = defineRoute(
  { scope: "agents:write", params: AgentWebhookParams, response: DeletedWebhookBody },
  async ({ db, params, actor, requestId }) => {
    await deleteWebhook(db, await requireAgent(db, params.key), params.id, { actor, requestId });
    return { deleted: params.id };
  },
);
