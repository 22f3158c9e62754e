"use server";

import { ScenarioRefInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { scenarioEntity } from "@/lib/server/agents/scenarios/scenario-entity";

export const duplicateScenarioAction = configChangeAction(
  { name: "duplicateScenario", schema: ScenarioRefInput },
  (db, request, input) => scenarioEntity.duplicate(db, request, input.scenario_key),
);
