"use server";

import { checkAgentRouting } from "@/lib/routing-check/server/check-agent-routing";
import { CheckRoutingInput } from "@/lib/scenarios/scenario-action-schemas";
import { defineAction } from "@/lib/server/define-action";

// "Check routing" on the Scenarios page: reads only, so a viewer may run it too (as the REST route's agents:read).
export const checkRoutingAction = defineAction(
  { name: "checkRouting", role: "viewer", schema: CheckRoutingInput },
  async (input, { db }) => checkAgentRouting(db, input.agent_key),
);
