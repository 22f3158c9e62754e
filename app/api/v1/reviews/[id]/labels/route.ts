import { SavedReviewBody } from "@/lib/reviews/review-response-schemas";
import { ReviewLabelsBody } from "@/lib/reviews/review-schemas";
import { saveSessionReviewLabels } from "@/lib/reviews/server/save-review-labels";
import { defineRoute } from "@/lib/server/define-route";
import { SessionIdParams } from "../../../params";

// POST /api/v1/reviews/{session id}/labels {resolved, note, turns} → the review's state; REVIEW_LABELLED
// on the session's chain (docs/reviews.md#labels). Labelling is a designer's work, like editing the agent.
export const POST = defineRoute(
  { scope: "agents:write", params: SessionIdParams, body: ReviewLabelsBody, response: SavedReviewBody },
  ({ db, params, body, actor, requestId }) =>
    saveSessionReviewLabels(db, { ...body, session_id: params.id }, { actor, requestId }),
);
