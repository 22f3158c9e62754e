"use server";

import { VariableRefInput } from "@/lib/fields/field-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { variableEntity } from "@/lib/server/agents/fields/variable-entity";

export const deleteVariableAction = configChangeAction(
  { name: "deleteVariable", schema: VariableRefInput },
  (db, request, input) => variableEntity.delete(db, request, input.name),
);
