import "server-only";
import { updateVariableRow } from "@/db/queries/fields";
import type { Database } from "@/db/types";
import { diffVariable } from "@/lib/fields/entity-diffs";
import type { ResponseVariable, VariableChangeResult } from "@/lib/fields/field-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { variableColumns } from "./field-columns";
import { assertVariableFits } from "./field-issues";
import { findVariable } from "./find-field-rows";

/**
 * Replaces the response variable loaded as `loadedName` (a new name renames it, refused while rules
 * read the old name). One row is written. A save that changes nothing writes nothing.
 */
export async function updateVariable(
  db: Database,
  request: ConfigChangeRequest,
  loadedName: string,
  variable: ResponseVariable,
): Promise<VariableChangeResult> {
  const outcome = await changeAgentConfig<ResponseVariable | null>(db, request, async (tx, agent, bundle) => {
    const current = await findVariable(tx, agent, bundle, loadedName);
    const diff = diffVariable(current.variable, variable);
    if (Object.keys(diff).length === 0) return { unchanged: current.variable };
    assertVariableFits(bundle, variable, loadedName);
    await updateVariableRow(tx, current.id, variableColumns(variable));
    return {
      entity: "variable",
      key: variable.name,
      action: "updated",
      diff,
      previous_key: variable.name === loadedName ? undefined : loadedName,
      result: variable,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, variable: outcome.result };
}
