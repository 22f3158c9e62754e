"use server";

import { CreateProfileFieldInput, profileFieldOf } from "@/lib/fields/field-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { createProfileField } from "@/lib/server/agents/fields/create-profile-field";
import { defineAction } from "@/lib/server/define-action";

export const createProfileFieldAction = defineAction(
  { name: "createProfileField", role: "designer", schema: CreateProfileFieldInput },
  async (input, { db, actor, requestId, operator }) =>
    createProfileField(db, configChangeRequest(input, { actor, requestId, operator }), profileFieldOf(input)),
);
