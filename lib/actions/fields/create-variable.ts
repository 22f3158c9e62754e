"use server";

import { CreateVariableInput, variableOf } from "@/lib/fields-editor/field-action-schemas";
import { createVariable } from "@/lib/server/agents/fields/create-variable";
import { defineAction } from "@/lib/server/define-action";

export const createVariableAction = defineAction(
  { name: "createVariable", role: "designer", schema: CreateVariableInput },
  async (input, { db, actor, requestId }) =>
    createVariable(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      variableOf(input),
    ),
);
