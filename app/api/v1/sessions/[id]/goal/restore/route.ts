import { RestoreGoalResponse } from "@/lib/goals/goal-response-schemas";
import { restoreOriginalGoal } from "@/lib/goals/server/restore-original-goal";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../../params";

// POST /api/v1/sessions/{id}/goal/restore (no body) → 200 {restored, ledger_event_id, goal}: the next
// turn runs on the original goal. restored false = nothing was active (no event written).
export const POST = defineRoute(
  { scope: "goals:write", params: SessionIdParams, response: RestoreGoalResponse },
  async ({ db, params, actor, requestId }) => {
    await sessionOr404(db, params.id);
    return restoreOriginalGoal(db, { sessionId: params.id, actor, requestId });
  },
);
