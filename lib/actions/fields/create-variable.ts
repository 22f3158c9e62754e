"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CreateVariableInput, variableOf } from "@/lib/fields/field-action-schemas";
import { variableEntity } from "@/lib/fields/server/variable-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const createVariableAction = configChangeAction(
  { name: "createVariable", schema: CreateVariableInput, policies: SAVE_POLICIES },
  (db, request, input) => variableEntity.create(db, request, variableOf(input)),
);
