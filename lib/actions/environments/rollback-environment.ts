"use server";

import { RollbackInput } from "@/lib/environments/environment-schemas";
import { rollbackEnvironment } from "@/lib/environments/server/pin-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/** Rollback to the previous pin: the designer who can promote can undo it, without the test gate. */
export const rollbackEnvironmentAction = defineAction(
  { name: "rollbackEnvironment", role: "designer", schema: RollbackInput },
  async (input, { db, actor, requestId }) =>
    rollbackEnvironment(db, await requireAgent(db, input.agent_key), input.environment, { actor, requestId }),
);
