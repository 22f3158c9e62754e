import { scopesAllow } from "@/lib/identity/roles";
import { ReplayRunBody } from "@/lib/replay/replay-schemas";
import { ReplayRunViewSchema } from "@/lib/replay/replay-view-schemas";
import { startReplayFromRequest } from "@/lib/replay/server/start-replay-from-request";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/replays {config?, config_version?, sessions?, mode?} → 202 {replay_id, …}.
// Frozen (default) needs agents:read; live calls the model provider and needs turns:write. Poll
// GET /api/v1/replays/{id} for progress and the report.
export const POST = defineRoute(
  {
    scope: "agents:read",
    sessionRole: "designer",
    params: AgentKeyParams,
    body: ReplayRunBody,
    response: { 202: ReplayRunViewSchema },
  },
  async ({ db, params, body, principal, actor, requestId, reply }) => {
    if (body.mode === "live" && principal.kind === "api_key" && !scopesAllow(principal.scopes, "turns:write")) {
      throw new AppError("FORBIDDEN", "A live replay calls the model provider: it needs the turns:write scope.");
    }
    const agent = await requireAgent(db, params.key);
    const run = await startReplayFromRequest(db, agent, body, { actor, requestId });
    return reply(202, run);
  },
);
