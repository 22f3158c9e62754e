import "server-only";
import { deleteToolRow } from "@/db/queries/tools";
import type { Database } from "@/db/types";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import type { ToolChangeResult } from "@/lib/tools/tool-action-schemas";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findTool } from "./find-tool";
import { assertToolDeletable } from "./tool-issues";

/**
 * Deletes a tool, refused while a rule still attaches it or uses its output variables (the refusal
 * names them). The ledger event keeps every field's last value, so the history shows what was
 * removed and a designer can re-create it.
 */
export async function deleteTool(
  db: Database,
  request: ConfigChangeRequest,
  toolKey: string,
): Promise<ToolChangeResult> {
  const outcome = await changeAgentConfig<BundleTool | null>(db, request, async (tx, agent, bundle) => {
    const current = await findTool(tx, agent, bundle, toolKey);
    assertToolDeletable(bundle, toolKey);
    await deleteToolRow(tx, current.id);
    return { entity: "tool", key: toolKey, action: "deleted", diff: diffToolFields(current.tool, null), result: null };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, tool: outcome.result };
}
