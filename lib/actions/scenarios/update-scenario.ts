"use server";

import { scenarioFieldsOf, UpdateScenarioInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { updateScenario } from "@/lib/server/agents/scenarios/update-scenario";
import { defineAction } from "@/lib/server/define-action";

export const updateScenarioAction = defineAction(
  { name: "updateScenario", role: "designer", schema: UpdateScenarioInput },
  async (input, { db, actor, requestId, operator }) =>
    updateScenario(
      db,
      configChangeRequest(input, { actor, requestId, operator }),
      input.scenario_key,
      scenarioFieldsOf(input),
      input.renamed_steps,
    ),
);
