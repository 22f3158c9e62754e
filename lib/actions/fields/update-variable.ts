"use server";

import { UpdateVariableInput, variableOf } from "@/lib/fields/field-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { updateVariable } from "@/lib/server/agents/fields/update-variable";
import { defineAction } from "@/lib/server/define-action";

export const updateVariableAction = defineAction(
  { name: "updateVariable", role: "designer", schema: UpdateVariableInput },
  async (input, { db, actor, requestId, operator }) =>
    updateVariable(
      db,
      configChangeRequest(input, { actor, requestId, operator }),
      input.loaded_name,
      variableOf(input),
    ),
);
