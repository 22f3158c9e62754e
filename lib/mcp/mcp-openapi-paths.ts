import { agentCollection, agentKeyParam, operationBuilder, pathParam } from "../openapi/openapi-helpers";
import {
  CreateMcpServerBody,
  DeletedMcpServerBody,
  McpServerBody,
  McpServerList,
  McpSyncDiff,
  SyncMcpServerBody,
} from "./mcp-schemas";

// OpenAPI path objects of an agent's MCP servers and their syncs (docs/tools.md#mcp-servers).

const operation = operationBuilder({
  404: "No such agent or MCP server",
  409: "CONFLICT: a server of that name exists, or the configuration moved on; IN_USE: its tools are attached to rules (listed in `references`)",
  422: "VALIDATION: a URL outside FOCAL_TOOL_HOSTS, an unknown credential, a tool key clash, an unknown tool name; MCP_TOO_MANY_TOOLS: over 500 tools",
  502: "MCP_TIMEOUT, MCP_PROTOCOL (not an MCP server), MCP_UNREACHABLE: the server failed; nothing was written",
});

const nameParam = pathParam("name", { type: "string", pattern: "^[a-z0-9][a-z0-9_-]{0,63}$" }, "The MCP server's name");

export const mcpServerPaths = {
  "/api/v1/agents/{key}/mcp-servers": agentCollection(operation, {
    list: {
      scope: "config:read",
      summary: "The agent's MCP servers: name, URL, credential name and the tools imported from each",
      ok: { description: "MCP servers", schema: McpServerList },
    },
    add: {
      scope: "credentials:write",
      summary: "Register a streamable-HTTP MCP server (its host must be in FOCAL_TOOL_HOSTS)",
      body: CreateMcpServerBody,
      ok: { description: "The registration", schema: McpServerBody },
      also: [409],
    },
  }),
  "/api/v1/agents/{key}/mcp-servers/{name}": {
    delete: operation("credentials:write", {
      summary: "Delete a registration; refused while its tools are attached to rules (409 IN_USE names them)",
      parameters: [agentKeyParam, nameParam],
      ok: { description: "Deleted", schema: DeletedMcpServerBody, io: "input" },
      also: [409],
    }),
  },
  "/api/v1/agents/{key}/mcp-servers/{name}/sync": {
    post: operation("config:write", {
      summary:
        "List the server's tools and import the chosen ones as mcp tools, as one configuration change; dry_run answers the diff only",
      parameters: [agentKeyParam, nameParam],
      body: SyncMcpServerBody,
      ok: { description: "The diff, applied unless dry_run", schema: McpSyncDiff },
      also: [409, 502],
    }),
  },
};
