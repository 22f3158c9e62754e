"use server";

import { SplitInput } from "@/lib/environments/environment-schemas";
import { startSplit } from "@/lib/environments/server/split-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/** Starts (or replaces) a traffic split between kept versions. */
export const splitEnvironmentAction = defineAction(
  { name: "splitEnvironment", role: "designer", schema: SplitInput },
  async (input, { db, actor, requestId }) =>
    startSplit(db, await requireAgent(db, input.agent_key), input.environment, input.arms, { actor, requestId }),
);
