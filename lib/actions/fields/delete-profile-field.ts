"use server";

import { ProfileFieldRefInput } from "@/lib/fields/field-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { profileFieldEntity } from "@/lib/server/agents/fields/profile-field-entity";

export const deleteProfileFieldAction = configChangeAction(
  { name: "deleteProfileField", schema: ProfileFieldRefInput },
  (db, request, input) => profileFieldEntity.delete(db, request, input.field_name),
);
