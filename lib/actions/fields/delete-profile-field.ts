"use server";

import { ProfileFieldRefInput } from "@/lib/fields/field-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { deleteProfileField } from "@/lib/server/agents/fields/delete-profile-field";
import { defineAction } from "@/lib/server/define-action";

export const deleteProfileFieldAction = defineAction(
  { name: "deleteProfileField", role: "designer", schema: ProfileFieldRefInput },
  async (input, { db, actor, requestId, operator }) =>
    deleteProfileField(db, configChangeRequest(input, { actor, requestId, operator }), input.field_name),
);
