import { DeletedEnvironmentBody } from "@/lib/environments/environment-schemas";
import { deleteEnvironment } from "@/lib/environments/server/environment-config";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentEnvironmentParams } from "../../../../params";

// DELETE /api/v1/agents/{key}/environments/{name} → {deleted: name}; production cannot be deleted (422).
export const DELETE = defineRoute(
  { scope: "agents:write", params: AgentEnvironmentParams, response: DeletedEnvironmentBody },
  async ({ db, params, actor, requestId }) => {
    await deleteEnvironment(db, await requireAgent(db, params.key), params.name, { actor, requestId });
    return { deleted: params.name };
  },
);
