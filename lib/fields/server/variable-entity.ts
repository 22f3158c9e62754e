import "server-only";
import { deleteVariableRow, insertVariableRow, updateVariableRow, variableIdByName } from "@/db/queries/fields";
import { variableColumns } from "@/lib/bundles/entity-columns";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { diffVariable } from "@/lib/fields/entity-diffs";
import type { ResponseVariable, VariableChangeResult } from "@/lib/fields/field-action-schemas";
import { configEntity, oneRow } from "@/lib/versioning/server/config-entity/config-entity";
import { assertUnused, assertVariableFits } from "./field-issues";

/**
 * Response variables. A rename is refused while rules read the old name; a delete is refused while a
 * rule's expression reads it (that rule would be unresolved on every reply).
 */
export const variableEntity = configEntity({
  entity: "variable",
  ...oneRow({
    keyOf: (variable: ResponseVariable) => variable.name,
    listOf: (bundle: Bundle) => bundle.variables,
    find: { idOf: variableIdByName, noun: "response variable", reload: "reload the page" },
    write: {
      columns: variableColumns,
      insert: insertVariableRow,
      update: updateVariableRow,
      remove: deleteVariableRow,
    },
  }),
  diff: diffVariable,
  assertFits: (bundle, variable, replacing) => assertVariableFits(bundle, variable, replacing?.value.name ?? null),
  assertDeletable: (bundle, stored) => assertUnused(bundle, "variable", stored.value.name),
  reply: ({ config_version, changed, value }): VariableChangeResult => ({ config_version, changed, variable: value }),
});
