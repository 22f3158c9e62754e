import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { createSession } from "@/lib/server/engine-host/create-session";
import { CreateSessionResponse } from "@/lib/turns/turn-response-schemas";
import { CreateSessionBody } from "@/lib/turns/turn-view";
import { AgentKeyParams } from "../../../params";

// POST /api/v1/agents/{key}/sessions {customer_id?, continuity_enabled?} → 201 {session_id}
export const POST = defineRoute(
  { scope: "turns:write", params: AgentKeyParams, body: CreateSessionBody, response: { 201: CreateSessionResponse } },
  async ({ db, params, body, actor, reply }) => {
    const agent = await requireAgent(db, params.key);
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
