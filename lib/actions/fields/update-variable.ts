"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { UpdateVariableInput, variableOf } from "@/lib/fields/field-action-schemas";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateVariableAction = configChangeAction(
  { name: "updateVariable", schema: UpdateVariableInput, policies: SAVE_POLICIES },
  (db, request, input) => variableEntity.update(db, request, input.loaded_name, variableOf(input)),
);
