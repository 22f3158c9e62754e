import { GoalReformulationResponse } from "@/lib/goals/goal-response-schemas";
import { applyGoalReformulation } from "@/lib/goals/server/apply-goal-reformulation";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../../params";
import { ProposeReformulationBody } from "./schema";

// POST /api/v1/sessions/{id}/goal/reformulations {reformulated, type, confidence, evidence} →
// 200 the verdict + ledger_event_id + the session's goal (accepted or rejected, both are recorded);
// 404 no session; 409 no original goal yet; 422 bad body; 503 DTL-STRAT-011 ledger not written.
export const POST = defineRoute(
  {
    scope: "goals:write",
    params: SessionIdParams,
    body: ProposeReformulationBody,
    response: GoalReformulationResponse,
  },
  async ({ db, params, body, actor, requestId }) => {
    await sessionOr404(db, params.id);
    return applyGoalReformulation(db, { sessionId: params.id, candidate: body, actor, requestId, source: "api" });
  },
);
