"use server";

import { CreateScenarioInput, scenarioFieldsOf } from "@/lib/scenarios/scenario-action-schemas";
import { createScenario } from "@/lib/server/agents/scenarios/create-scenario";
import { defineAction } from "@/lib/server/define-action";

export const createScenarioAction = defineAction(
  { name: "createScenario", role: "designer", schema: CreateScenarioInput },
  async (input, { db, actor, requestId }) =>
    createScenario(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      scenarioFieldsOf(input),
    ),
);
