"use server";

import { ReturnToAgentInput } from "@/lib/handoffs/inbox-schemas";
import { returnHandoff } from "@/lib/handoffs/server/operator-actions";
import { defineAction } from "@/lib/server/define-action";

/** "Hand back to the agent" with a note the agent's next turn is told. */
export const returnToAgentAction = defineAction(
  { name: "returnToAgent", role: "operator", schema: ReturnToAgentInput },
  async (input, { db, actor, requestId }) => {
    const { session_mode } = await returnHandoff(db, {
      handoffId: input.handoff_id,
      note: input.note,
      actor,
      requestId,
    });
    return { session_mode };
  },
);
