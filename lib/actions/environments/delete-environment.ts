"use server";

import { DeleteEnvironmentInput } from "@/lib/environments/environment-schemas";
import { deleteEnvironment } from "@/lib/environments/server/environment-config";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/** Deletes a named environment (admins; never production). Its sessions keep their version. */
export const deleteEnvironmentAction = defineAction(
  { name: "deleteEnvironment", role: "admin", schema: DeleteEnvironmentInput },
  async (input, { db, actor, requestId }) => {
    await deleteEnvironment(db, await requireAgent(db, input.agent_key), input.environment, { actor, requestId });
    return { deleted: input.environment };
  },
);
