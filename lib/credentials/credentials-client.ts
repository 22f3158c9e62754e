import { type ApiAnswer, jsonBody, requestJson } from "@/lib/console-api/request-json";
import type { CreateCredentialBody, CredentialBody, RotateCredentialBody } from "./credential-schemas";

// The console's Credentials section calls the credentials REST routes (docs/tools.md#credentials).

const credentialsPath = (agentKey: string) => `/api/v1/agents/${encodeURIComponent(agentKey)}/credentials`;
const bindingPath = (agentKey: string, name: string, environment: string | null) =>
  `${credentialsPath(agentKey)}/${encodeURIComponent(name)}${environment ? `?environment=${encodeURIComponent(environment)}` : ""}`;

export function createCredential(agentKey: string, body: CreateCredentialBody): Promise<ApiAnswer<CredentialBody>> {
  return requestJson(credentialsPath(agentKey), "Adding the credential", jsonBody("POST", body));
}

export function rotateCredential(
  agentKey: string,
  name: string,
  body: RotateCredentialBody,
): Promise<ApiAnswer<CredentialBody>> {
  return requestJson(bindingPath(agentKey, name, null), "Rotating the credential", jsonBody("PUT", body));
}

export function deleteCredential(
  agentKey: string,
  name: string,
  environment: string | null,
): Promise<ApiAnswer<{ deleted: string }>> {
  return requestJson(bindingPath(agentKey, name, environment), "Deleting the credential", jsonBody("DELETE"));
}
