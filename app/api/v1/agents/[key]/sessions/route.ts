import { getAgentByKey } from "@/db/queries/agents";
import { reachable } from "@/lib/server/access/agent-access";
import { defineRoute } from "@/lib/server/define-route";
import { createSession } from "@/lib/server/engine-host/create-session";
import { AppError } from "@/lib/server/errors";
import { CreateSessionResponse } from "@/lib/turns/turn-response-schemas";
import { CreateSessionBody } from "@/lib/turns/turn-view";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/sessions {customer_id?, continuity_enabled?} → 201 {session_id}
export const POST = defineRoute(
  { scope: "turns:write", params: AgentKeyParams, body: CreateSessionBody, response: { 201: CreateSessionResponse } },
  async ({ db, params, body, actor, reply }) => {
    const agent = reachable(await getAgentByKey(db, params.key));
    if (!agent) throw new AppError("NOT_FOUND", `No agent with key ${params.key}.`);
    const session = await createSession(db, {
      agent,
      channel: "api",
      customerRef: body.customer_id,
      continuityEnabled: body.continuity_enabled,
      createdBy: actor.name,
    });
    return reply(201, { session_id: session.id });
  },
);
