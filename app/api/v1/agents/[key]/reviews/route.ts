import { ReviewList } from "@/lib/reviews/review-response-schemas";
import { ReviewQueueState } from "@/lib/reviews/review-schemas";
import { loadReviewQueue } from "@/lib/reviews/server/load-reviews";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { defineRoute } from "@/lib/server/define-route";
import { AppError } from "@/lib/server/errors";
import { AgentKeyParams } from "../../../params";

// GET /api/v1/agents/{key}/reviews[?state=open|reviewed|all] → {reviews}: the review queue (docs/reviews.md).
export const GET = defineRoute(
  { scope: "traces:read", params: AgentKeyParams, response: ReviewList },
  async ({ db, params, request }) => {
    const raw = new URL(request.url).searchParams.get("state") ?? "all";
    const state = ReviewQueueState.safeParse(raw);
    if (!state.success) {
      throw new AppError("VALIDATION", "Unknown review state.", [
        { path: "state", message: "must be open, reviewed or all" },
      ]);
    }
    const agent = await requireAgent(db, params.key);
    const rows = await loadReviewQueue(db, agent, state.data === "all" ? null : state.data);
    return {
      reviews: rows.map((row) => ({
        session_id: row.sessionId,
        reason: row.reason,
        sampled_outcome: row.sampledOutcome,
        added_by: row.addedBy,
        state: row.state,
        resolved: row.resolved,
        turn_count: row.turnCount,
        entered_at: row.enteredAt.toISOString(),
        reviewed_by: row.reviewedBy,
      })),
    };
  },
);
