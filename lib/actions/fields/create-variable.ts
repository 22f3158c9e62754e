"use server";

import { CreateVariableInput, variableOf } from "@/lib/fields/field-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { createVariable } from "@/lib/server/agents/fields/create-variable";
import { defineAction } from "@/lib/server/define-action";

export const createVariableAction = defineAction(
  { name: "createVariable", role: "designer", schema: CreateVariableInput },
  async (input, { db, actor, requestId, operator }) =>
    createVariable(db, configChangeRequest(input, { actor, requestId, operator }), variableOf(input)),
);
