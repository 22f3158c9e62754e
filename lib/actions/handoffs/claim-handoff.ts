"use server";

import { ClaimHandoffInput } from "@/lib/handoffs/inbox-schemas";
import { claimHandoff } from "@/lib/handoffs/server/operator-actions";
import { defineAction } from "@/lib/server/define-action";

/** "Claim" in the inbox: the session is with this operator (docs/handoffs.md#the-inbox). */
export const claimHandoffAction = defineAction(
  { name: "claimHandoff", role: "operator", schema: ClaimHandoffInput },
  async (input, { db, actor, requestId }) => {
    const { session_mode } = await claimHandoff(db, { handoffId: input.handoff_id, actor, requestId });
    return { session_mode };
  },
);
