"use server";

import { VariableRefInput } from "@/lib/fields-editor/field-action-schemas";
import { deleteVariable } from "@/lib/server/agents/fields/delete-variable";
import { defineAction } from "@/lib/server/define-action";

export const deleteVariableAction = defineAction(
  { name: "deleteVariable", role: "designer", schema: VariableRefInput },
  async (input, { db, actor, requestId }) =>
    deleteVariable(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.name,
    ),
);
