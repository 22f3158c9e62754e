import { type ApiAnswer, jsonBody, requestJson } from "@/lib/console-api/request-json";
import type { CreateMcpServerBody, McpServerBody, McpSyncDiff } from "./mcp-schemas";

// The console's MCP servers section calls the mcp-servers REST routes (docs/tools.md#mcp-servers).

const serversPath = (agentKey: string) => `/api/v1/agents/${encodeURIComponent(agentKey)}/mcp-servers`;
const serverPath = (agentKey: string, name: string) => `${serversPath(agentKey)}/${encodeURIComponent(name)}`;

export function createMcpServer(agentKey: string, body: CreateMcpServerBody): Promise<ApiAnswer<McpServerBody>> {
  return requestJson(serversPath(agentKey), "Adding the MCP server", jsonBody("POST", body));
}

/** A dry run (`tools` absent) answers the diff; an apply imports the chosen tools at the version the diff was read at. */
export function syncMcpServer(
  agentKey: string,
  name: string,
  apply?: { tools: string[]; expectedVersion: number },
): Promise<ApiAnswer<McpSyncDiff>> {
  const body = apply ? { tools: apply.tools, expected_config_version: apply.expectedVersion } : { dry_run: true };
  return requestJson(`${serverPath(agentKey, name)}/sync`, "The sync", jsonBody("POST", body));
}

export function deleteMcpServer(agentKey: string, name: string): Promise<ApiAnswer<{ deleted: string }>> {
  return requestJson(serverPath(agentKey, name), "Deleting the MCP server", jsonBody("DELETE"));
}
