import "server-only";
import { deleteVariableRow } from "@/db/queries/fields";
import type { Database } from "@/db/types";
import { diffVariable } from "@/lib/fields/entity-diffs";
import type { ResponseVariable, VariableChangeResult } from "@/lib/fields/field-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { assertUnused } from "./field-issues";
import { findVariable } from "./find-field-rows";

/**
 * Deletes a response variable, refused while a rule's expression reads it (that rule would be
 * unresolved on every reply). The ledger event keeps every field's last value.
 */
export async function deleteVariable(
  db: Database,
  request: ConfigChangeRequest,
  name: string,
): Promise<VariableChangeResult> {
  const outcome = await changeAgentConfig<ResponseVariable | null>(db, request, async (tx, agent, bundle) => {
    const current = await findVariable(tx, agent, bundle, name);
    assertUnused(bundle, "variable", name);
    await deleteVariableRow(tx, current.id);
    return {
      entity: "variable",
      key: name,
      action: "deleted",
      diff: diffVariable(current.variable, null),
      result: null,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, variable: outcome.result };
}
