"use server";

import { UpdateVariableInput, variableOf } from "@/lib/fields/field-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { variableEntity } from "@/lib/server/agents/fields/variable-entity";

export const updateVariableAction = configChangeAction(
  { name: "updateVariable", schema: UpdateVariableInput },
  (db, request, input) => variableEntity.update(db, request, input.loaded_name, variableOf(input)),
);
