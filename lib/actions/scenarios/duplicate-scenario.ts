"use server";

import { ScenarioRefInput } from "@/lib/scenarios/scenario-action-schemas";
import { duplicateScenario } from "@/lib/server/agents/scenarios/duplicate-scenario";
import { defineAction } from "@/lib/server/define-action";

export const duplicateScenarioAction = defineAction(
  { name: "duplicateScenario", role: "designer", schema: ScenarioRefInput },
  async (input, { db, actor, requestId }) =>
    duplicateScenario(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.scenario_key,
    ),
);
