"use server";

import { profileFieldOf, UpdateProfileFieldInput } from "@/lib/fields/field-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { updateProfileField } from "@/lib/server/agents/fields/update-profile-field";
import { defineAction } from "@/lib/server/define-action";

export const updateProfileFieldAction = defineAction(
  { name: "updateProfileField", role: "designer", schema: UpdateProfileFieldInput },
  async (input, { db, actor, requestId, operator }) =>
    updateProfileField(
      db,
      configChangeRequest(input, { actor, requestId, operator }),
      input.loaded_name,
      profileFieldOf(input),
    ),
);
