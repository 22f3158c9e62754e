import { agentCollection, agentKeyParam, operationBuilder, uuidParam } from "../openapi/openapi-helpers";
import {
  CreatedWebhookBody,
  CreateWebhookBody,
  DeletedWebhookBody,
  UpdateWebhookBody,
  WebhookBody,
  WebhookDeliveryList,
  WebhookList,
} from "./webhook-schemas";

// OpenAPI path objects of the webhook endpoints (docs/webhooks.md).

const operation = operationBuilder({
  404: "No such agent or webhook",
  422: "Validation failed: every path and reason in `errors` (a URL that is not http(s), carries credentials, or points to a private, loopback or link-local address not allowed by FOCAL_TOOL_HOSTS; an unknown event)",
});

const webhookParams = [agentKeyParam, uuidParam()];

export const webhookPaths = {
  "/api/v1/agents/{key}/webhooks": agentCollection(operation, {
    list: {
      scope: "agents:read",
      summary: "The agent's webhooks (their secrets are never listed)",
      ok: { description: "Webhooks", schema: WebhookList },
    },
    add: {
      scope: "agents:write",
      summary: "Add a webhook; the answer holds its signing secret, shown this once",
      body: CreateWebhookBody,
      ok: { description: "The webhook and its secret", schema: CreatedWebhookBody },
    },
  }),
  "/api/v1/agents/{key}/webhooks/{id}": {
    patch: operation("agents:write", {
      summary: "Change a webhook's URL, events or enabled flag",
      parameters: webhookParams,
      body: UpdateWebhookBody,
      ok: { description: "The webhook", schema: WebhookBody },
    }),
    delete: operation("agents:write", {
      summary: "Delete a webhook and its delivery log",
      parameters: webhookParams,
      ok: { description: "Deleted", schema: DeletedWebhookBody, io: "input" },
    }),
  },
  "/api/v1/agents/{key}/webhooks/{id}/deliveries": {
    get: operation("agents:read", {
      summary: "A webhook's latest 50 deliveries, newest first: state, attempts, last status and error",
      parameters: webhookParams,
      ok: { description: "Deliveries", schema: WebhookDeliveryList },
    }),
  },
};
