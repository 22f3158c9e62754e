"use server";

import { scenarioFieldsOf, UpdateScenarioInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { scenarioEntity } from "@/lib/server/agents/scenarios/scenario-entity";

export const updateScenarioAction = configChangeAction(
  { name: "updateScenario", schema: UpdateScenarioInput },
  (db, request, input) =>
    scenarioEntity.update(db, request, input.scenario_key, scenarioFieldsOf(input), input.renamed_steps),
);
