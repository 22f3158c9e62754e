import { CreateMcpServerBody, McpServerBody, McpServerList } from "@/lib/mcp/mcp-schemas";
import { createMcpServer, listMcpServers } from "@/lib/mcp/server/mcp-servers";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/mcp-servers → {mcp_servers}: name, URL, credential name, the tools imported from each.
export const GET = defineRoute(
  { scope: "config:read", params: AgentKeyParams, response: McpServerList },
  async ({ db, params }) => ({ mcp_servers: await listMcpServers(db, await requireAgent(db, params.key)) }),
);

// POST /api/v1/agents/{key}/mcp-servers {name, url, credential?} → 201 the registration. Admin scope
// by default: it decides where a credential is sent.
export const POST = defineRoute(
  { scope: "credentials:write", params: AgentKeyParams, body: CreateMcpServerBody, response: { 201: McpServerBody } },
  async ({ db, params, body, actor, requestId, reply }) =>
    reply(201, await createMcpServer(db, await requireAgent(db, params.key), body, { actor, requestId })),
);
