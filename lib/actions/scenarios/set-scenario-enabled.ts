"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { SetScenarioEnabledInput } from "@/lib/scenarios/scenario-action-schemas";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const setScenarioEnabledAction = configChangeAction(
  { name: "setScenarioEnabled", schema: SetScenarioEnabledInput, policies: SAVE_POLICIES },
  (db, request, input) => scenarioEntity.setEnabled(db, request, input.scenario_key, input.enabled),
);
