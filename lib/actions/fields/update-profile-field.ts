"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { profileFieldOf, UpdateProfileFieldInput } from "@/lib/fields/field-action-schemas";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateProfileFieldAction = configChangeAction(
  { name: "updateProfileField", schema: UpdateProfileFieldInput, policies: SAVE_POLICIES },
  (db, request, input) => profileFieldEntity.update(db, request, input.loaded_name, profileFieldOf(input)),
);
