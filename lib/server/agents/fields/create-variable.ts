import "server-only";
import { insertVariableRow } from "@/db/queries/fields";
import type { Database } from "@/db/types";
import { diffVariable } from "@/lib/fields/entity-diffs";
import type { ResponseVariable, VariableChangeResult } from "@/lib/fields/field-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { variableColumns } from "./field-columns";
import { assertVariableFits } from "./field-issues";

/** Adds a response variable: checked against the agent (name, patterns), one new config version. */
export async function createVariable(
  db: Database,
  request: ConfigChangeRequest,
  variable: ResponseVariable,
): Promise<VariableChangeResult> {
  const outcome = await changeAgentConfig<ResponseVariable | null>(db, request, async (tx, agent, bundle) => {
    assertVariableFits(bundle, variable, null);
    await insertVariableRow(tx, agent.id, variableColumns(variable));
    return {
      entity: "variable",
      key: variable.name,
      action: "created",
      diff: diffVariable(null, variable),
      result: variable,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, variable: outcome.result };
}
