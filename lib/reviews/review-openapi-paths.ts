import { agentKeyParam, operationBuilder, queryParam, uuidParam } from "../openapi/openapi-helpers";
import { ReviewList, SavedReviewBody } from "./review-response-schemas";
import { ReviewLabelsBody } from "./review-schemas";

// OpenAPI path objects of the review endpoints (docs/reviews.md).

const operation = operationBuilder({
  404: "No such agent or session",
  422: "Validation failed: every path and reason in `errors` (a wrong turn without a fault, an unknown rule key, a turn of another session, an unknown state)",
});

export const reviewsPaths = {
  "/api/v1/agents/{key}/reviews": {
    get: operation("traces:read", {
      summary: "The agent's review queue (?state=open|reviewed|all, default all)",
      parameters: [agentKeyParam, queryParam("state", { type: "string", enum: ["open", "reviewed", "all"] })],
      ok: { description: "Sessions in the queue", schema: ReviewList },
      also: [422],
    }),
  },
  "/api/v1/reviews/{id}/labels": {
    post: operation("agents:write", {
      summary: "Label a session: its resolution, each turn's verdict and fault, a note (REVIEW_LABELLED)",
      parameters: [uuidParam()],
      body: ReviewLabelsBody,
      ok: { description: "The review's state", schema: SavedReviewBody },
    }),
  },
};
