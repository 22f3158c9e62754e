import "server-only";
import { deleteToolRow, insertToolRow, toolIdByKey, updateToolRow } from "@/db/queries/tools";
import { toolColumns } from "@/lib/bundles/entity-columns";
import type { Bundle, BundleTool } from "@/lib/engine/contracts/bundle";
import { canonicalTool } from "@/lib/tools/canonical-tool";
import type { ToolChangeResult } from "@/lib/tools/tool-action-schemas";
import { copyToolKey } from "@/lib/tools/tool-copy-key";
import { diffToolFields } from "@/lib/tools/tool-field-diff";
import { configEntity, oneRow } from "@/lib/versioning/server/config-entity/config-entity";
import { copyName } from "@/lib/versioning/server/config-entity/copy-names";
import { assertCredentialSet } from "./tool-credential-check";
import { assertToolDeletable, assertToolFits } from "./tool-issues";

const rows = oneRow({
  keyOf: (tool: BundleTool) => tool.key,
  listOf: (bundle: Bundle) => bundle.tools,
  find: { idOf: toolIdByKey, noun: "tool", reload: "reload the tools" },
  write: { columns: toolColumns, insert: insertToolRow, update: updateToolRow, remove: deleteToolRow },
});

/**
 * Tools. A rename keeps the tool's id, so the rules that attach it (rules.attached_tool_ids) still do.
 * A delete is refused while a rule attaches the tool or reads its output variables, naming them. A
 * copy is attached to no rule, so it runs in no turn until a designer attaches it; its output
 * variables may repeat the original's (two tools may fill one variable). A tool that comes to name a
 * credential the agent does not have is refused (tool-credential-check.ts).
 */
export const toolEntity = configEntity({
  entity: "tool",
  ...rows,
  insert: async (tx, agent, tool) => {
    await assertCredentialSet(tx, agent, tool, null);
    await rows.insert(tx, agent, tool);
  },
  update: async (tx, agent, stored, tool) => {
    await assertCredentialSet(tx, agent, tool, stored.value);
    await rows.update(tx, agent, stored, tool);
  },
  diff: diffToolFields,
  canonical: canonicalTool,
  assertFits: (bundle, tool, replacing) => assertToolFits(bundle, tool, replacing?.value.key ?? null),
  assertDeletable: (bundle, stored) => assertToolDeletable(bundle, stored.value.key),
  copy: (tool, taken) => ({ ...tool, key: copyToolKey(tool.key, taken), name: copyName(tool.name) }),
  reply: ({ config_version, changed, value }): ToolChangeResult => ({ config_version, changed, tool: value }),
});
