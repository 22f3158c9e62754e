"use server";

import { CreateProfileFieldInput, profileFieldOf } from "@/lib/fields-editor/field-action-schemas";
import { createProfileField } from "@/lib/server/agents/fields/create-profile-field";
import { defineAction } from "@/lib/server/define-action";

export const createProfileFieldAction = defineAction(
  { name: "createProfileField", role: "designer", schema: CreateProfileFieldInput },
  async (input, { db, actor, requestId }) =>
    createProfileField(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      profileFieldOf(input),
    ),
);
