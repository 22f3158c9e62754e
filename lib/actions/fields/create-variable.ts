"use server";

import { CreateVariableInput, variableOf } from "@/lib/fields/field-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { variableEntity } from "@/lib/server/agents/fields/variable-entity";

export const createVariableAction = configChangeAction(
  { name: "createVariable", schema: CreateVariableInput },
  (db, request, input) => variableEntity.create(db, request, variableOf(input)),
);
