"use server";

import { SetScenarioEnabledInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { scenarioEntity } from "@/lib/server/agents/scenarios/scenario-entity";

export const setScenarioEnabledAction = configChangeAction(
  { name: "setScenarioEnabled", schema: SetScenarioEnabledInput },
  (db, request, input) => scenarioEntity.setEnabled(db, request, input.scenario_key, input.enabled),
);
