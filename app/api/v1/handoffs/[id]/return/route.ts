import { HandoffChangeBody, ReturnHandoffBody } from "@/lib/handoffs/handoff-schemas";
import { returnHandoff } from "@/lib/handoffs/server/operator-actions";
import { defineRoute } from "@/lib/server/define-route";
import { HandoffIdParams } from "../../../params";

// POST /api/v1/handoffs/{id}/return {note?} → {handoff, session_mode: "agent"}: the agent answers again
// and its next turn is told the note.
export const POST = defineRoute(
  { scope: "handoffs:write", params: HandoffIdParams, body: ReturnHandoffBody, response: HandoffChangeBody },
  async ({ db, params, body, actor, requestId }) =>
    returnHandoff(db, { handoffId: params.id, note: body.note, actor, requestId }),
);
