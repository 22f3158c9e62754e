import { OperatorMessageBody, OperatorMessageResponse } from "@/lib/handoffs/handoff-schemas";
import { postOperatorMessage } from "@/lib/handoffs/server/operator-actions";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../params";

// POST /api/v1/sessions/{id}/operator-messages {text} → 201 {message}; 409 while the agent has the session.
export const POST = defineRoute(
  {
    scope: "handoffs:write",
    params: SessionIdParams,
    body: OperatorMessageBody,
    response: { 201: OperatorMessageResponse },
  },
  async ({ db, params, body, actor, requestId, reply }) =>
    reply(201, await postOperatorMessage(db, { sessionId: params.id, text: body.text, actor, requestId })),
);
