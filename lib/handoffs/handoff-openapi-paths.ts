import { errorResponses, operationBuilder, queryParam, secured, uuidParam } from "../openapi/openapi-helpers";
import { operatorOrCustomer } from "../widget/customer-openapi";
import { CustomerSessionEvent } from "../widget/customer-response-schemas";
import {
  HANDOFF_STATES,
  HandoffChangeBody,
  HandoffListBody,
  OperatorMessageBody,
  OperatorMessageResponse,
  RequestHandoffBody,
  ReturnHandoffBody,
  TranscriptBody,
} from "./handoff-schemas";
import { SessionEvent } from "./session-events";

// OpenAPI path objects of the handoff endpoints (docs/handoffs.md), for buildOpenApiDocument() to
// spread into its `paths`. Same zod schemas as the routes validate with.

const errorText = {
  400: "Malformed JSON, or a query parameter that cannot be read (a cut cursor)",
  403: "The key lacks the scope, or the operator lacks the role (operator for changes)",
  404: "No such session or handoff (or its agent is outside the grant)",
  409: "The handoff is already claimed (the message names by whom) or closed; the session is already with a person; or, for operator messages, the agent has the session",
  422: "Validation failed: every path and reason in `errors` (empty or over-long text)",
  429: "A publishable key's stream past a limit: 5 per session, 20 per address (IPv6 /64), half the customers' share per key, the customers' share (80 % of FOCAL_EVENT_STREAMS_MAX); retry after Retry-After seconds",
  503: "This instance holds FOCAL_EVENT_STREAMS_MAX open event streams: reconnect in a few seconds",
};
const operation = operationBuilder(errorText);
const errors = errorResponses(errorText);

const id = (what: string) => uuidParam("id", what);
const query = (name: string, description: string, schema: Record<string, unknown> = { type: "string" }) =>
  queryParam(name, schema, description);

const sessionId = id("Session id");
const handoffId = id("Handoff id");

export const handoffPaths = {
  "/api/v1/handoffs": {
    get: operation("handoffs:read", {
      summary: "Handoffs to a person, oldest request first, of the agents within the grant",
      parameters: [
        query("state", "waiting, claimed or closed", { type: "string", enum: [...HANDOFF_STATES] }),
        query("agent", "An agent key"),
        query("cursor", "`next_cursor` of the previous page"),
        query("limit", "1–200, default 50", { type: "integer", minimum: 1, maximum: 200 }),
      ],
      ok: { description: "A page of handoffs", schema: HandoffListBody },
      also: [400, 404],
    }),
  },
  "/api/v1/handoffs/{id}/claim": {
    post: operation("handoffs:write", {
      summary: "Claim a waiting handoff: the session is with you (mode human)",
      parameters: [handoffId],
      ok: { description: "Claimed", schema: HandoffChangeBody },
      also: [409],
    }),
  },
  "/api/v1/handoffs/{id}/return": {
    post: operation("handoffs:write", {
      summary: "Hand the session back to the agent; the note is told to its next turn",
      parameters: [handoffId],
      body: ReturnHandoffBody,
      ok: { description: "Returned (closed)", schema: HandoffChangeBody },
      also: [409],
    }),
  },
  "/api/v1/sessions/{id}/handoff": {
    post: operation("handoffs:write", {
      summary: "Take the session from the agent: a handoff waits to be claimed (reason operator)",
      parameters: [sessionId],
      body: RequestHandoffBody,
      ok: { status: 201, description: "Requested", schema: HandoffChangeBody },
      also: [409],
    }),
  },
  "/api/v1/sessions/{id}/operator-messages": {
    post: operation("handoffs:write", {
      summary: "Reply to the customer as a person (the session must be waiting or human)",
      description: "The ledger's OPERATOR_MESSAGE keeps a SHA-256 of the text, never the text.",
      parameters: [sessionId],
      body: OperatorMessageBody,
      ok: { status: 201, description: "Stored", schema: OperatorMessageResponse },
      also: [409],
    }),
  },
  "/api/v1/sessions/{id}/messages": {
    get: operation("handoffs:read", {
      summary: "The conversation in order: customer, agent, operator and system messages",
      parameters: [
        sessionId,
        query("after", "A message id (`next_cursor`): only what follows it"),
        query("limit", "1–500, default 200", { type: "integer", minimum: 1, maximum: 500 }),
      ],
      ok: { description: "Messages", schema: TranscriptBody },
      also: [400],
    }),
  },
  "/api/v1/sessions/{id}/events": {
    get: {
      summary: "Live events of a session: its transcript after a cursor, then each new message and mode change",
      description:
        "A `text/event-stream`. First the transcript after `after` (or the `Last-Event-ID` header; neither = from the start) as `message` events and one `mode` event, then every message (customer, agent, operator, system) and mode change as its transaction commits, and an `approval` event for each tool call of the session awaiting or given an operator's decision, again on each change of its state. Each `message` event's SSE `id` is the message id, the same cursor as `/messages`, so a reconnecting EventSource resumes where it stopped. A `: heartbeat` comment every 15 s; `gone` when the session is deleted. Beyond `FOCAL_EVENT_STREAMS_MAX` open streams in one instance, 503 for an operator. With a publishable key (docs/widget.md) the request needs the session's token (header, or `session_token` for an EventSource) and an Origin the key lists, the events are the second shape (the customer's: no actor, no tool key), and the stream counts against the customers' limits (429 with Retry-After): 5 per session, 20 per address, a key at most half the customers' share, customers at most 80 % of the instance's streams, so the rest is always left for operators.",
      ...secured("handoffs:read"),
      security: [{ apiKey: [] }, { publishableKey: [], widgetSessionToken: [] }],
      parameters: [
        sessionId,
        query("after", "A message id (`next_cursor` of /messages): only what follows it"),
        query("session_token", "With a publishable key: the session's token, for clients that cannot set headers"),
        query("view", "`customer`: the customer's view (a publishable key always gets it)", {
          type: "string",
          enum: ["operator", "customer"],
        }),
      ],
      responses: {
        200: {
          description: "The event stream",
          content: {
            "text/event-stream": {
              schema: { type: "string", description: "`id:`, `event: message|mode|gone` and `data: <JSON>` blocks." },
              itemSchema: operatorOrCustomer(SessionEvent, CustomerSessionEvent),
            },
          },
        },
        ...errors(400, 401, 403, 404, 429, 503),
      },
    },
  },
};
