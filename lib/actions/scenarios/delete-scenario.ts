"use server";

import { ScenarioRefInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { deleteScenario } from "@/lib/server/agents/scenarios/delete-scenario";
import { defineAction } from "@/lib/server/define-action";

export const deleteScenarioAction = defineAction(
  { name: "deleteScenario", role: "designer", schema: ScenarioRefInput },
  async (input, { db, actor, requestId, operator }) =>
    deleteScenario(db, configChangeRequest(input, { actor, requestId, operator }), input.scenario_key),
);
