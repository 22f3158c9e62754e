"use server";

import { EndSplitInput } from "@/lib/environments/environment-schemas";
import { endSplit } from "@/lib/environments/server/split-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/** Ends a split keeping one arm; a new pin goes through the test gate like a promotion. */
export const endSplitAction = defineAction(
  { name: "endSplit", role: "designer", schema: EndSplitInput },
  async (input, { db, operator, actor, requestId }) => {
    const agent = await requireAgent(db, input.agent_key);
    const force = { reason: input.force_reason, admin: operator.role === "admin" };
    return endSplit(db, agent, input.environment, { keep: input.keep, force }, { actor, requestId });
  },
);
