"use server";

import { CreateProfileFieldInput, profileFieldOf } from "@/lib/fields/field-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { profileFieldEntity } from "@/lib/server/agents/fields/profile-field-entity";

export const createProfileFieldAction = configChangeAction(
  { name: "createProfileField", schema: CreateProfileFieldInput },
  (db, request, input) => profileFieldEntity.create(db, request, profileFieldOf(input)),
);
