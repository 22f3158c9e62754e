import { EnvironmentBody, PromoteBody } from "@/lib/environments/environment-schemas";
import { promoteEnvironment } from "@/lib/environments/server/pin-environment";
import { principalIsAdmin } from "@/lib/environments/server/principal-admin";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentEnvironmentParams } from "../../../../../params";

// POST /api/v1/agents/{key}/environments/{name}/promote {config_version, force_reason?} → the environment,
// pinned after the test gate; 409 TESTS_GATE, 409 CONFLICT while another promotion runs, 422 unknown version.
export const POST = defineRoute(
  { scope: "agents:write", params: AgentEnvironmentParams, body: PromoteBody, response: EnvironmentBody },
  async ({ db, params, body, principal, actor, requestId }) => {
    const agent = await requireAgent(db, params.key);
    const force = { reason: body.force_reason, admin: principalIsAdmin(principal) };
    return promoteEnvironment(
      db,
      agent,
      params.name,
      { config_version: body.config_version, force },
      { actor, requestId },
    );
  },
);
