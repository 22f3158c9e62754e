"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CreateProfileFieldInput, profileFieldOf } from "@/lib/fields/field-action-schemas";
import { profileFieldEntity } from "@/lib/fields/server/profile-field-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const createProfileFieldAction = configChangeAction(
  { name: "createProfileField", schema: CreateProfileFieldInput, policies: SAVE_POLICIES },
  (db, request, input) => profileFieldEntity.create(db, request, profileFieldOf(input)),
);
