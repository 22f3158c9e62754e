import "server-only";
import { deleteVariableRow, insertVariableRow, updateVariableRow, variableIdByName } from "@/db/queries/fields";
import { variableColumns } from "@/lib/bundles/entity-columns";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { diffVariable } from "@/lib/fields/entity-diffs";
import type { ResponseVariable, VariableChangeResult } from "@/lib/fields/field-action-schemas";
import { configEntity, findRow } from "../config-entity/config-entity";
import { assertUnused, assertVariableFits } from "./field-issues";

const keyOf = (variable: ResponseVariable) => variable.name;
const listOf = (bundle: Bundle) => bundle.variables;

/**
 * Response variables. A rename is refused while rules read the old name; a delete is refused while a
 * rule's expression reads it (that rule would be unresolved on every reply).
 */
export const variableEntity = configEntity({
  entity: "variable",
  keyOf,
  listOf,
  find: findRow<ResponseVariable>({
    listOf,
    keyOf,
    idOf: variableIdByName,
    noun: "response variable",
    reload: "reload the page",
  }),
  diff: diffVariable,
  assertFits: (bundle, variable, replacing) => assertVariableFits(bundle, variable, replacing?.value.name ?? null),
  assertDeletable: (bundle, stored) => assertUnused(bundle, "variable", stored.value.name),
  insert: (tx, agent, variable) => insertVariableRow(tx, agent.id, variableColumns(variable)),
  update: (tx, _agent, stored, variable) => updateVariableRow(tx, stored.id, variableColumns(variable)),
  remove: (tx, stored) => deleteVariableRow(tx, stored.id),
  reply: ({ config_version, changed, value }): VariableChangeResult => ({ config_version, changed, variable: value }),
});
