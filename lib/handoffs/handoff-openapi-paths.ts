import { z } from "zod";
import { errorResponses, jsonContent } from "../openapi/openapi-helpers";
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

const errors = errorResponses({
  400: "Malformed JSON, or a query parameter that cannot be read (a cut cursor)",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the scope, or the operator lacks the role (operator for changes)",
  404: "No such session or handoff (or its agent is outside the grant)",
  409: "The handoff is already claimed (the message names by whom) or closed; the session is already with a person; or, for operator messages, the agent has the session",
  413: "Body over 1 MiB",
  422: "Validation failed: every path and reason in `errors` (empty or over-long text)",
  503: "This instance holds FOCAL_EVENT_STREAMS_MAX open event streams: reconnect in a few seconds",
});

const id = (what: string) => ({
  name: "id",
  in: "path",
  required: true,
  description: what,
  schema: { type: "string", format: "uuid" },
});
const query = (name: string, description: string, schema: Record<string, unknown> = { type: "string" }) => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});
const secured = (scope: "handoffs:read" | "handoffs:write") => ({ security: [{ apiKey: [] }], "x-focal-scope": scope });

export const handoffPaths = {
  "/api/v1/handoffs": {
    get: {
      summary: "Handoffs to a person, oldest request first, of the agents within the grant",
      ...secured("handoffs:read"),
      parameters: [
        query("state", "waiting, claimed or closed", { type: "string", enum: [...HANDOFF_STATES] }),
        query("agent", "An agent key"),
        query("cursor", "`next_cursor` of the previous page"),
        query("limit", "1–200, default 50", { type: "integer", minimum: 1, maximum: 200 }),
      ],
      responses: {
        200: { description: "A page of handoffs", content: jsonContent(HandoffListBody, "output") },
        ...errors(400, 401, 403, 404),
      },
    },
  },
  "/api/v1/handoffs/{id}/claim": {
    post: {
      summary: "Claim a waiting handoff: the session is with you (mode human)",
      ...secured("handoffs:write"),
      parameters: [id("Handoff id")],
      responses: {
        200: { description: "Claimed", content: jsonContent(HandoffChangeBody, "output") },
        ...errors(401, 403, 404, 409),
      },
    },
  },
  "/api/v1/handoffs/{id}/return": {
    post: {
      summary: "Hand the session back to the agent; the note is told to its next turn",
      ...secured("handoffs:write"),
      parameters: [id("Handoff id")],
      requestBody: { required: true, content: jsonContent(ReturnHandoffBody) },
      responses: {
        200: { description: "Returned (closed)", content: jsonContent(HandoffChangeBody, "output") },
        ...errors(400, 401, 403, 404, 409, 413, 422),
      },
    },
  },
  "/api/v1/sessions/{id}/handoff": {
    post: {
      summary: "Take the session from the agent: a handoff waits to be claimed (reason operator)",
      ...secured("handoffs:write"),
      parameters: [id("Session id")],
      requestBody: { required: true, content: jsonContent(RequestHandoffBody) },
      responses: {
        201: { description: "Requested", content: jsonContent(HandoffChangeBody, "output") },
        ...errors(400, 401, 403, 404, 409, 413, 422),
      },
    },
  },
  "/api/v1/sessions/{id}/operator-messages": {
    post: {
      summary: "Reply to the customer as a person (the session must be waiting or human)",
      description: "The ledger's OPERATOR_MESSAGE keeps a SHA-256 of the text, never the text.",
      ...secured("handoffs:write"),
      parameters: [id("Session id")],
      requestBody: { required: true, content: jsonContent(OperatorMessageBody) },
      responses: {
        201: { description: "Stored", content: jsonContent(OperatorMessageResponse, "output") },
        ...errors(400, 401, 403, 404, 409, 413, 422),
      },
    },
  },
  "/api/v1/sessions/{id}/messages": {
    get: {
      summary: "The conversation in order: customer, agent, operator and system messages",
      ...secured("handoffs:read"),
      parameters: [
        id("Session id"),
        query("after", "A message id (`next_cursor`): only what follows it"),
        query("limit", "1–500, default 200", { type: "integer", minimum: 1, maximum: 500 }),
      ],
      responses: {
        200: { description: "Messages", content: jsonContent(TranscriptBody, "output") },
        ...errors(400, 401, 403, 404),
      },
    },
  },
  "/api/v1/sessions/{id}/events": {
    get: {
      summary: "Live events of a session: its transcript after a cursor, then each new message and mode change",
      description:
        "A `text/event-stream`. First the transcript after `after` (or the `Last-Event-ID` header; neither = from the start) as `message` events and one `mode` event, then every message (customer, agent, operator, system) and mode change as its transaction commits, and an `approval` event for each tool call of the session awaiting or given an operator's decision, again on each change of its state. Each `message` event's SSE `id` is the message id, the same cursor as `/messages`, so a reconnecting EventSource resumes where it stopped. A `: heartbeat` comment every 15 s; `gone` when the session is deleted. Beyond `FOCAL_EVENT_STREAMS_MAX` open streams in one instance, 503. With a publishable key (docs/widget.md) the request needs the session's token (header, or `session_token` for an EventSource) and an Origin the key lists.",
      security: [{ apiKey: [] }, { publishableKey: [], widgetSessionToken: [] }],
      "x-focal-scope": "handoffs:read",
      parameters: [
        id("Session id"),
        query("after", "A message id (`next_cursor` of /messages): only what follows it"),
        query("session_token", "With a publishable key: the session's token, for clients that cannot set headers"),
      ],
      responses: {
        200: {
          description: "The event stream",
          content: {
            "text/event-stream": {
              schema: { type: "string", description: "`id:`, `event: message|mode|gone` and `data: <JSON>` blocks." },
              itemSchema: z.toJSONSchema(SessionEvent, { io: "output", unrepresentable: "any" }),
            },
          },
        },
        ...errors(400, 401, 403, 404, 503),
      },
    },
  },
};
