"use server";

import { RestoreGoalInput } from "@/lib/goals/goal-action-schemas";
import { restoreOriginalGoal } from "@/lib/goals/server/restore-original-goal";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

// The sandbox's "Restore original goal" button. Designers run sandbox sessions, so they may restore
// them. A ledger failure (DTL-STRAT-011) changes nothing and surfaces as an internal error with a request id.
export const restoreGoalAction = defineAction(
  { name: "restoreGoal", role: "designer", schema: RestoreGoalInput },
  async (input, { db, actor, requestId }) => {
    await sessionOr404(db, input.sessionId);
    return restoreOriginalGoal(db, { sessionId: input.sessionId, actor, requestId });
  },
);
