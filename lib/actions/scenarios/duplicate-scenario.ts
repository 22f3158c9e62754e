"use server";

import { ScenarioRefInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { duplicateScenario } from "@/lib/server/agents/scenarios/duplicate-scenario";
import { defineAction } from "@/lib/server/define-action";

export const duplicateScenarioAction = defineAction(
  { name: "duplicateScenario", role: "designer", schema: ScenarioRefInput },
  async (input, { db, actor, requestId, operator }) =>
    duplicateScenario(db, configChangeRequest(input, { actor, requestId, operator }), input.scenario_key),
);
