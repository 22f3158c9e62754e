"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CreateScenarioInput, scenarioFieldsOf } from "@/lib/scenarios/scenario-action-schemas";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const createScenarioAction = configChangeAction(
  { name: "createScenario", schema: CreateScenarioInput, policies: SAVE_POLICIES },
  (db, request, input) => scenarioEntity.create(db, request, scenarioFieldsOf(input)),
);
