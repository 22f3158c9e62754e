import { HandoffChangeBody, RequestHandoffBody } from "@/lib/handoffs/handoff-schemas";
import { requestOperatorHandoff } from "@/lib/handoffs/server/operator-actions";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../params";

// POST /api/v1/sessions/{id}/handoff {reason} → 201 {handoff, session_mode: "waiting"}; 409 when a
// person already has the session.
export const POST = defineRoute(
  {
    scope: "handoffs:write",
    params: SessionIdParams,
    body: RequestHandoffBody,
    response: { 201: HandoffChangeBody },
  },
  async ({ db, params, body, actor, requestId, reply }) =>
    reply(201, await requestOperatorHandoff(db, { sessionId: params.id, reason: body.reason, actor, requestId })),
);
