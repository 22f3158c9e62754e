import { HandoffChangeBody } from "@/lib/handoffs/handoff-schemas";
import { claimHandoff } from "@/lib/handoffs/server/operator-actions";
import { defineRoute } from "@/lib/server/define-route";
import { HandoffIdParams } from "../../../params";

// POST /api/v1/handoffs/{id}/claim (no body) → {handoff, session_mode: "human"}; 409 naming who holds it.
export const POST = defineRoute(
  { scope: "handoffs:write", params: HandoffIdParams, response: HandoffChangeBody },
  async ({ db, params, actor, requestId }) => claimHandoff(db, { handoffId: params.id, actor, requestId }),
);
