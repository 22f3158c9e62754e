import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { McpSyncDiff, SyncMcpServerBody } from "@/lib/mcp/mcp-schemas";
import { syncMcpServer } from "@/lib/mcp/server/sync-mcp-server";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentMcpServerParams } from "../../../../../params";

// POST /api/v1/agents/{key}/mcp-servers/{name}/sync {tools?, dry_run?, expected_config_version?} →
// the diff (add, change, remove, kept_in_use, unsupported); without dry_run it is applied as one
// configuration change. 422/502 with a code saying what failed; nothing written then.
export const POST = defineRoute(
  { scope: "config:write", params: AgentMcpServerParams, body: SyncMcpServerBody, response: McpSyncDiff },
  async ({ db, params, body, actor, requestId }) =>
    syncMcpServer(db, await requireAgent(db, params.key), params.name, body, {
      actor,
      requestId,
      policies: SAVE_POLICIES,
    }),
);
