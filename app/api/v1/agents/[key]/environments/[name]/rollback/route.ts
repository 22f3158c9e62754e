import { EnvironmentBody } from "@/lib/environments/environment-schemas";
import { rollbackEnvironment } from "@/lib/environments/server/pin-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentEnvironmentParams } from "../../../../../params";

// POST /api/v1/agents/{key}/environments/{name}/rollback → the environment, back at its previous pin (no test gate).
export const POST = defineRoute(
  { scope: "agents:write", params: AgentEnvironmentParams, response: EnvironmentBody },
  async ({ db, params, actor, requestId }) =>
    rollbackEnvironment(db, await requireAgent(db, params.key), params.name, { actor, requestId }),
);
