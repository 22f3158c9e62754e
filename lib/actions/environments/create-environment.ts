"use server";

import { CreateEnvironmentInput } from "@/lib/environments/environment-schemas";
import { createEnvironment } from "@/lib/environments/server/environment-config";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/** "Add environment": admins decide which environments an agent has (docs/environments.md). */
export const createEnvironmentAction = defineAction(
  { name: "createEnvironment", role: "admin", schema: CreateEnvironmentInput },
  async ({ agent_key, ...input }, { db, actor, requestId }) =>
    createEnvironment(db, await requireAgent(db, agent_key), input, { actor, requestId }),
);
