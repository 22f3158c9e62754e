import { DeletedMcpServerBody } from "@/lib/mcp/mcp-schemas";
import { deleteMcpServer } from "@/lib/mcp/server/mcp-servers";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentMcpServerParams } from "../../../../params";

// DELETE /api/v1/agents/{key}/mcp-servers/{name} → {deleted}; 409 IN_USE while its tools are attached to rules.
export const DELETE = defineRoute(
  { scope: "credentials:write", params: AgentMcpServerParams, response: DeletedMcpServerBody },
  async ({ db, params, actor, requestId }) => {
    await deleteMcpServer(db, await requireAgent(db, params.key), params.name, { actor, requestId });
    return { deleted: params.name };
  },
);
