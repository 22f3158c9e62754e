"use server";

import { ScenarioRefInput } from "@/lib/scenarios/scenario-action-schemas";
import { scenarioEntity } from "@/lib/scenarios/server/scenario-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const deleteScenarioAction = configChangeAction(
  { name: "deleteScenario", schema: ScenarioRefInput },
  (db, request, input) => scenarioEntity.delete(db, request, input.scenario_key),
);
