import { errorResponses, jsonContent } from "../openapi/openapi-helpers";
import { ReviewList, SavedReviewBody } from "./review-response-schemas";
import { ReviewLabelsBody } from "./review-schemas";

// OpenAPI path objects of the review endpoints (docs/reviews.md).

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the scope",
  404: "No such agent or session",
  413: "Body over 1 MiB",
  422: "Validation failed: every path and reason in `errors` (a wrong turn without a fault, an unknown rule key, a turn of another session, an unknown state)",
};
const errors = errorResponses(ERROR_TEXT);
const scope = (s: string) => ({ security: [{ apiKey: [] }], "x-focal-scope": s });

export const reviewsPaths = {
  "/api/v1/agents/{key}/reviews": {
    get: {
      summary: "The agent's review queue (?state=open|reviewed|all, default all)",
      ...scope("traces:read"),
      parameters: [
        { name: "key", in: "path", required: true, schema: { type: "string" } },
        { name: "state", in: "query", required: false, schema: { type: "string", enum: ["open", "reviewed", "all"] } },
      ],
      responses: {
        200: { description: "Sessions in the queue", content: jsonContent(ReviewList, "output") },
        ...errors(401, 403, 404, 422),
      },
    },
  },
  "/api/v1/reviews/{id}/labels": {
    post: {
      summary: "Label a session: its resolution, each turn's verdict and fault, a note (REVIEW_LABELLED)",
      ...scope("agents:write"),
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
      requestBody: { required: true, content: jsonContent(ReviewLabelsBody) },
      responses: {
        200: { description: "The review's state", content: jsonContent(SavedReviewBody, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
  },
};
