"use server";

import { insertReviewIfAbsent } from "@/db/queries/reviews";
import { type AddedToReview, AddSessionToReviewInput } from "@/lib/reviews/review-schemas";
import { sessionOr404 } from "@/lib/server/access/agent-lookup";
import { defineAction } from "@/lib/server/define-action";

/** "Add to review" on a trace: the session enters the queue once; a second call changes nothing. */
export const addSessionToReviewAction = defineAction(
  { name: "addSessionToReview", role: "designer", schema: AddSessionToReviewInput },
  async (input, { db, actor }): Promise<AddedToReview> => {
    const { session, agent } = await sessionOr404(db, input.session_id);
    const created = await insertReviewIfAbsent(db, {
      sessionId: session.id,
      agentId: agent.id,
      reason: "added",
      addedBy: actor.name,
    });
    return { session_id: session.id, created };
  },
);
