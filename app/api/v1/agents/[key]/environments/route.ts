import { CreateEnvironmentBody, EnvironmentBody, EnvironmentList } from "@/lib/environments/environment-schemas";
import { createEnvironment } from "@/lib/environments/server/environment-config";
import { environmentList } from "@/lib/environments/server/environment-views";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/environments → {latest_version, environments}: each pin, split and running promotion.
export const GET = defineRoute(
  { scope: "agents:read", params: AgentKeyParams, response: EnvironmentList },
  async ({ db, params }) => environmentList(db, await requireAgent(db, params.key)),
);

// POST /api/v1/agents/{key}/environments {name, config_version?} → 201 the environment, pinned (default: the latest version).
export const POST = defineRoute(
  { scope: "agents:write", params: AgentKeyParams, body: CreateEnvironmentBody, response: { 201: EnvironmentBody } },
  async ({ db, params, body, actor, requestId, reply }) => {
    const agent = await requireAgent(db, params.key);
    return reply(201, await createEnvironment(db, agent, body, { actor, requestId }));
  },
);
