import { EndSplitBody, EnvironmentBody } from "@/lib/environments/environment-schemas";
import { principalIsAdmin } from "@/lib/environments/server/principal-admin";
import { endSplit } from "@/lib/environments/server/split-environment";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentEnvironmentParams } from "../../../../../../params";

// POST /api/v1/agents/{key}/environments/{name}/split/end {keep, force_reason?} → the environment pinned to the kept arm.
export const POST = defineRoute(
  { scope: "agents:write", params: AgentEnvironmentParams, body: EndSplitBody, response: EnvironmentBody },
  async ({ db, params, body, principal, actor, requestId }) => {
    const agent = await requireAgent(db, params.key);
    const force = { reason: body.force_reason, admin: principalIsAdmin(principal) };
    return endSplit(db, agent, params.name, { keep: body.keep, force }, { actor, requestId });
  },
);
