"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { ScenarioRefInput } from "@/lib/scenarios/scenario-action-schemas";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const duplicateScenarioAction = configChangeAction(
  { name: "duplicateScenario", schema: ScenarioRefInput, policies: SAVE_POLICIES },
  (db, request, input) => scenarioEntity.duplicate(db, request, input.scenario_key),
);
