"use server";

import { SetScenarioEnabledInput } from "@/lib/scenarios/scenario-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { setScenarioEnabled } from "@/lib/server/agents/scenarios/set-scenario-enabled";
import { defineAction } from "@/lib/server/define-action";

export const setScenarioEnabledAction = defineAction(
  { name: "setScenarioEnabled", role: "designer", schema: SetScenarioEnabledInput },
  async (input, { db, actor, requestId, operator }) =>
    setScenarioEnabled(
      db,
      configChangeRequest(input, { actor, requestId, operator }),
      input.scenario_key,
      input.enabled,
    ),
);
