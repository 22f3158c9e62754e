"use server";

import { VariableRefInput } from "@/lib/fields/field-action-schemas";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const deleteVariableAction = configChangeAction(
  { name: "deleteVariable", schema: VariableRefInput },
  (db, request, input) => variableEntity.delete(db, request, input.name),
);
