"use server";

import { EndSplitInput } from "@/lib/environments/environment-schemas";
import { defineGatedEnvironmentAction } from "@/lib/environments/server/gated-environment-action";
import { endSplit } from "@/lib/environments/server/split-environment";

/** Ends a split keeping one arm; a new pin goes through the test gate like a promotion. */
export const endSplitAction = defineGatedEnvironmentAction(
  { name: "endSplit", schema: EndSplitInput },
  async (db, agent, input, force, ctx) => endSplit(db, agent, input.environment, { keep: input.keep, force }, ctx),
);
