import { errorResponses, jsonContent } from "../openapi/openapi-helpers";
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

const errors = errorResponses({
  400: "Malformed JSON",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the scope",
  404: "No such agent or webhook",
  413: "Body over 1 MiB",
  422: "Validation failed: every path and reason in `errors` (a URL that is not http(s), carries credentials, or points to a private, loopback or link-local address not allowed by FOCAL_TOOL_HOSTS; an unknown event)",
});

const keyParam = { name: "key", in: "path", required: true, schema: { type: "string" } };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const scope = (s: string) => ({ security: [{ apiKey: [] }], "x-focal-scope": s });

export const webhookPaths = {
  "/api/v1/agents/{key}/webhooks": {
    get: {
      summary: "The agent's webhooks (their secrets are never listed)",
      ...scope("agents:read"),
      parameters: [keyParam],
      responses: {
        200: { description: "Webhooks", content: jsonContent(WebhookList, "output") },
        ...errors(401, 403, 404),
      },
    },
    post: {
      summary: "Add a webhook; the answer holds its signing secret, shown this once",
      ...scope("agents:write"),
      parameters: [keyParam],
      requestBody: { required: true, content: jsonContent(CreateWebhookBody) },
      responses: {
        201: { description: "The webhook and its secret", content: jsonContent(CreatedWebhookBody, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
  },
  "/api/v1/agents/{key}/webhooks/{id}": {
    patch: {
      summary: "Change a webhook's URL, events or enabled flag",
      ...scope("agents:write"),
      parameters: [keyParam, idParam],
      requestBody: { required: true, content: jsonContent(UpdateWebhookBody) },
      responses: {
        200: { description: "The webhook", content: jsonContent(WebhookBody, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
    delete: {
      summary: "Delete a webhook and its delivery log",
      ...scope("agents:write"),
      parameters: [keyParam, idParam],
      responses: {
        200: { description: "Deleted", content: jsonContent(DeletedWebhookBody) },
        ...errors(401, 403, 404),
      },
    },
  },
  "/api/v1/agents/{key}/webhooks/{id}/deliveries": {
    get: {
      summary: "A webhook's latest 50 deliveries, newest first: state, attempts, last status and error",
      ...scope("agents:read"),
      parameters: [keyParam, idParam],
      responses: {
        200: { description: "Deliveries", content: jsonContent(WebhookDeliveryList, "output") },
        ...errors(401, 403, 404),
      },
    },
  },
};
