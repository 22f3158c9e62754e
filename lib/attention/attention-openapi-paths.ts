import { errorResponses, jsonContent, secured as scoped } from "../openapi/openapi-helpers";
import { AttentionCounts, AttentionEvent } from "./attention-schemas";

// OpenAPI path objects of the attention endpoints (docs/approvals.md#the-console), for
// buildOpenApiDocument() to spread into its `paths`. Same zod schemas as the routes validate with.

const errors = errorResponses({
  401: "Missing, invalid or revoked API key, or no session",
  403: "The key lacks handoffs:read",
  503: "The instance holds its most event streams (FOCAL_EVENT_STREAMS_MAX); retry after Retry-After",
});

const secured = scoped("handoffs:read");

export const attentionPaths = {
  "/api/v1/attention": {
    get: {
      summary: "What waits for a person across the agents within the grant: handoffs and approvals, counted",
      ...secured,
      responses: {
        200: { description: "The counts", content: jsonContent(AttentionCounts, "output") },
        ...errors(401, 403),
      },
    },
  },
  "/api/v1/attention/events": {
    get: {
      summary: "The same counts as a live stream: a `counts` event when it opens and whenever one changes",
      description:
        "A `text/event-stream` of `counts` events (the body of GET /api/v1/attention). Counts are re-read at most every 250 ms after a session of the instance changes (a turn, a handoff step, a decision), and every 5 s for what no write here announces (another instance's writes, an approval entering its last 5 minutes); an event goes out only when a count changed. A `: heartbeat` comment every 15 s. Counts against `FOCAL_EVENT_STREAMS_MAX` like the session streams.",
      ...secured,
      responses: {
        200: {
          description: "The event stream",
          content: {
            "text/event-stream": {
              schema: { type: "string", description: "`event: counts` and `data: <JSON>` blocks." },
              itemSchema: jsonContent(AttentionEvent, "output")["application/json"].schema,
            },
          },
        },
        ...errors(401, 403, 503),
      },
    },
  },
};
