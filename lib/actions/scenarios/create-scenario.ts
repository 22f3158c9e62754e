"use server";

import { CreateScenarioInput, scenarioFieldsOf } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { createScenario } from "@/lib/server/agents/scenarios/create-scenario";
import { defineAction } from "@/lib/server/define-action";

export const createScenarioAction = defineAction(
  { name: "createScenario", role: "designer", schema: CreateScenarioInput },
  async (input, { db, actor, requestId, operator }) =>
    createScenario(db, configChangeRequest(input, { actor, requestId, operator }), scenarioFieldsOf(input)),
);
