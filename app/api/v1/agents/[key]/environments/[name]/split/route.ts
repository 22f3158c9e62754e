import { EnvironmentBody, SplitBody } from "@/lib/environments/environment-schemas";
import { startSplit } from "@/lib/environments/server/split-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentEnvironmentParams } from "../../../../../params";

// PUT /api/v1/agents/{key}/environments/{name}/split {arms: [{config_version, percent}]} → the environment, split.
export const PUT = defineRoute(
  { scope: "agents:write", params: AgentEnvironmentParams, body: SplitBody, response: EnvironmentBody },
  async ({ db, params, body, actor, requestId }) =>
    startSplit(db, await requireAgent(db, params.key), params.name, body.arms, { actor, requestId }),
);
