"use server";

import { PromoteInput } from "@/lib/environments/environment-schemas";
import { promoteEnvironment } from "@/lib/environments/server/pin-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/**
 * Promote: designers ship a version to an environment through the test gate; only an admin's
 * `force_reason` takes it past a blocking gate.
 */
export const promoteEnvironmentAction = defineAction(
  { name: "promoteEnvironment", role: "designer", schema: PromoteInput },
  async (input, { db, operator, actor, requestId }) => {
    const agent = await requireAgent(db, input.agent_key);
    const force = { reason: input.force_reason, admin: operator.role === "admin" };
    return promoteEnvironment(
      db,
      agent,
      input.environment,
      { config_version: input.config_version, force },
      { actor, requestId },
    );
  },
);
