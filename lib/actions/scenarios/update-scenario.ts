"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { scenarioFieldsOf, UpdateScenarioInput } from "@/lib/scenarios/scenario-action-schemas";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateScenarioAction = configChangeAction(
  { name: "updateScenario", schema: UpdateScenarioInput, policies: SAVE_POLICIES },
  (db, request, input) =>
    scenarioEntity.update(db, request, input.scenario_key, scenarioFieldsOf(input), input.renamed_steps),
);
