import { type ApiAnswer, jsonBody, requestJson } from "@/lib/console-api/request-json";
import type { CreatedWebhookBody, CreateWebhookBody, UpdateWebhookBody, WebhookBody } from "./webhook-schemas";

// The console's Webhooks section calls the webhook REST routes (docs/webhooks.md).

const webhooksPath = (agentKey: string) => `/api/v1/agents/${encodeURIComponent(agentKey)}/webhooks`;

export function createWebhook(agentKey: string, body: CreateWebhookBody): Promise<ApiAnswer<CreatedWebhookBody>> {
  return requestJson(webhooksPath(agentKey), "Adding the webhook", jsonBody("POST", body));
}

export function updateWebhook(agentKey: string, id: string, body: UpdateWebhookBody): Promise<ApiAnswer<WebhookBody>> {
  return requestJson(`${webhooksPath(agentKey)}/${encodeURIComponent(id)}`, "Changing the webhook", {
    method: "PATCH",
    body: JSON.stringify(body),
  });
}

export function deleteWebhook(agentKey: string, id: string): Promise<ApiAnswer<{ deleted: string }>> {
  return requestJson(`${webhooksPath(agentKey)}/${encodeURIComponent(id)}`, "Deleting the webhook", jsonBody("DELETE"));
}
