import "server-only";
import { updateToolRow } from "@/db/queries/tools";
import type { Database } from "@/db/types";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { canonicalTool } from "@/lib/tools/canonical-tool";
import type { ToolChangeResult } from "@/lib/tools/tool-action-schemas";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findTool } from "./find-tool";
import { toolColumns } from "./tool-columns";
import { assertToolFits } from "./tool-issues";

/**
 * Replaces the fields of the tool loaded as `toolKey`. A new `key` renames it in place: its id stays,
 * so the rules that attach it (rules.attached_tool_ids) still do. A save that changes no field
 * writes nothing.
 */
export async function updateTool(
  db: Database,
  request: ConfigChangeRequest,
  toolKey: string,
  draft: BundleTool,
): Promise<ToolChangeResult> {
  const tool = canonicalTool(draft);
  const outcome = await changeAgentConfig<BundleTool | null>(db, request, async (tx, agent, bundle) => {
    const current = await findTool(tx, agent, bundle, toolKey);
    const diff = diffToolFields(current.tool, tool);
    if (Object.keys(diff).length === 0) return { unchanged: current.tool };
    assertToolFits(bundle, tool, toolKey);
    await updateToolRow(tx, current.id, toolColumns(tool));
    return {
      entity: "tool",
      key: tool.key,
      action: "updated",
      diff,
      previous_key: tool.key === toolKey ? undefined : toolKey,
      result: tool,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, tool: outcome.result };
}
