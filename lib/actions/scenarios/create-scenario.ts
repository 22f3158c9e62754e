"use server";

import { CreateScenarioInput, scenarioFieldsOf } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { scenarioEntity } from "@/lib/server/agents/scenarios/scenario-entity";

export const createScenarioAction = configChangeAction(
  { name: "createScenario", schema: CreateScenarioInput },
  (db, request, input) => scenarioEntity.create(db, request, scenarioFieldsOf(input)),
);
