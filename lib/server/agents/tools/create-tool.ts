import "server-only";
import { insertToolRow } from "@/db/queries/tools";
import type { Database } from "@/db/types";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { canonicalTool } from "@/lib/tools/canonical-tool";
import type { ToolChangeResult } from "@/lib/tools/tool-action-schemas";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { toolColumns } from "./tool-columns";
import { assertToolFits } from "./tool-issues";

/** Adds a tool: checked against the agent (key, names, paths, URL placeholders), one new config version. */
export async function createTool(
  db: Database,
  request: ConfigChangeRequest,
  draft: BundleTool,
): Promise<ToolChangeResult> {
  const tool = canonicalTool(draft);
  const outcome = await changeAgentConfig<BundleTool | null>(db, request, async (tx, agent, bundle) => {
    assertToolFits(bundle, tool, null);
    await insertToolRow(tx, agent.id, toolColumns(tool));
    return { entity: "tool", key: tool.key, action: "created", diff: diffToolFields(null, tool), result: tool };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, tool: outcome.result };
}
