"use server";

import { PromoteInput } from "@/lib/environments/environment-schemas";
import { defineGatedEnvironmentAction } from "@/lib/environments/server/gated-environment-action";
import { promoteEnvironment } from "@/lib/environments/server/pin-environment";

/**
 * Promote: designers ship a version to an environment through the test gate; only an admin's
 * `force_reason` takes it past a blocking gate.
 */
export const promoteEnvironmentAction = defineGatedEnvironmentAction(
  { name: "promoteEnvironment", schema: PromoteInput },
  async (db, agent, input, force, ctx) =>
    promoteEnvironment(db, agent, input.environment, { config_version: input.config_version, force }, ctx),
);
