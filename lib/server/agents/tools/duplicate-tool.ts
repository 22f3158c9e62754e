import "server-only";
import { insertToolRow } from "@/db/queries/tools";
import type { Database } from "@/db/types";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { ToolChangeResult } from "@/lib/tools/tool-action-schemas";
import { copyToolKey } from "@/lib/tools/tool-copy-key";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findTool } from "./find-tool";
import { toolColumns } from "./tool-columns";
import { assertToolFits } from "./tool-issues";

// BundleTool limit: names 200 characters.
const MAX_NAME = 200;

/**
 * Copies a tool under a fresh key. The copy is attached to no rule, so it runs in no turn until a
 * designer attaches it; its output variables may repeat the original's (two tools may fill one variable).
 */
export async function duplicateTool(
  db: Database,
  request: ConfigChangeRequest,
  toolKey: string,
): Promise<ToolChangeResult> {
  const outcome = await changeAgentConfig<BundleTool | null>(db, request, async (tx, agent, bundle) => {
    const source = await findTool(tx, agent, bundle, toolKey);
    const key = copyToolKey(toolKey, new Set(bundle.tools.map((t) => t.key)));
    const suffix = " (copy)";
    const copy: BundleTool = {
      ...source.tool,
      key,
      name: `${source.tool.name.slice(0, MAX_NAME - suffix.length)}${suffix}`,
    };
    assertToolFits(bundle, copy, null);
    await insertToolRow(tx, agent.id, toolColumns(copy));
    return {
      entity: "tool",
      key,
      action: "duplicated",
      source_key: toolKey,
      diff: diffToolFields(null, copy),
      result: copy,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, tool: outcome.result };
}
