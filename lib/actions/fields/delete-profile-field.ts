"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { ProfileFieldRefInput } from "@/lib/fields/field-action-schemas";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const deleteProfileFieldAction = configChangeAction(
  { name: "deleteProfileField", schema: ProfileFieldRefInput, policies: SAVE_POLICIES },
  (db, request, input) => profileFieldEntity.delete(db, request, input.field_name),
);
