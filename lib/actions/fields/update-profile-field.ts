"use server";

import { profileFieldOf, UpdateProfileFieldInput } from "@/lib/fields/field-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { profileFieldEntity } from "@/lib/server/agents/fields/profile-field-entity";

export const updateProfileFieldAction = configChangeAction(
  { name: "updateProfileField", schema: UpdateProfileFieldInput },
  (db, request, input) => profileFieldEntity.update(db, request, input.loaded_name, profileFieldOf(input)),
);
