"use server";

import { VariableRefInput } from "@/lib/fields/field-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { deleteVariable } from "@/lib/server/agents/fields/delete-variable";
import { defineAction } from "@/lib/server/define-action";

export const deleteVariableAction = defineAction(
  { name: "deleteVariable", role: "designer", schema: VariableRefInput },
  async (input, { db, actor, requestId, operator }) =>
    deleteVariable(db, configChangeRequest(input, { actor, requestId, operator }), input.name),
);
