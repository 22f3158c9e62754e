"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { VariableRefInput } from "@/lib/fields/field-action-schemas";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const deleteVariableAction = configChangeAction(
  { name: "deleteVariable", schema: VariableRefInput, policies: SAVE_POLICIES },
  (db, request, input) => variableEntity.delete(db, request, input.name),
);
