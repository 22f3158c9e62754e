import { z } from "zod";
import { ImportBody } from "@/lib/bundles/import-response-schema";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { HealthBody } from "@/lib/health/health-body";
import { LedgerAnchorBody, LedgerVerifyBody } from "@/lib/ledger/ledger-response-schemas";
import { ErrorBody } from "@/lib/openapi/error-body";
import {
  CreateSessionResponse,
  PostTurnResponse,
  SessionBody,
  TurnDetailBody,
  TurnStreamEvent,
} from "@/lib/turns/turn-response-schemas";
import { CreateSessionBody, PostTurnBody } from "@/lib/turns/turn-view";
import packageJson from "@/package.json";
import { approvalPaths } from "../approvals/approval-openapi-paths";
import { testsPaths } from "../conversation-tests/test-openapi-paths";
import { customersPaths } from "../customers/customer-openapi-paths";
import { goalsPaths } from "../goals/goal-openapi-paths";
import { handoffPaths } from "../handoffs/handoff-openapi-paths";
import { loopsPaths } from "../loops/loop-openapi-paths";
import { replayPaths } from "../replay/replay-openapi-paths";
import { reviewsPaths } from "../reviews/review-openapi-paths";
import { routingCheckPaths } from "../scenarios/routing-check-openapi-paths";
import { webhookPaths } from "../webhooks/webhook-openapi-paths";
import { publishableKeyPaths, widgetSecuritySchemes } from "../widget/publishable-key-openapi-paths";

type Schema = z.ZodType;

function json(schema: Schema) {
  return { "application/json": { schema: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) } };
}

function errors(...codes: number[]) {
  const text: Record<number, string> = {
    400: "Malformed JSON",
    401: "Missing, invalid or revoked API key",
    403: "The key lacks the scope; with a publishable key also ORIGIN_NOT_ALLOWED (Origin missing or not listed) and SESSION_TOKEN_INVALID",
    404: "No such resource",
    409: "Idempotency-Key still in flight",
    429: "A widget limit (publishable key): retry after Retry-After seconds",
    413: "Body over 1 MiB",
    422: "Validation failed: every path and reason in `errors` (also text with NUL, an unpaired surrogate or a control character other than tab/LF/CR)",
  };
  return Object.fromEntries(
    codes.map((c) => [String(c), { description: text[c] ?? "Error", content: json(ErrorBody) }]),
  );
}

const uuidParam = (name: string) => ({ name, in: "path", required: true, schema: { type: "string", format: "uuid" } });
const keyParam = { name: "key", in: "path", required: true, schema: { type: "string" } };
const secured = (scope: string) => ({ security: [{ apiKey: [] }], "x-focal-scope": scope });

/** The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. */
export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Focal API",
      version: packageJson.version,
      description:
        "Turn engine for rule-governed conversational agents. Authenticate with `Authorization: Bearer fk_…`.",
    },
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "A Focal API key (fk_…)" },
        ...widgetSecuritySchemes,
      },
    },
    paths: {
      "/api/health": {
        get: {
          summary: "Liveness and database check (no auth)",
          responses: {
            200: { description: "OK", content: json(HealthBody) },
            503: { description: "Database unreachable", content: json(HealthBody) },
          },
        },
      },
      "/api/v1/agents/import": {
        post: {
          summary: "Import an agent bundle (all or nothing; an existing key gets a new config version)",
          ...secured("agents:write"),
          requestBody: { required: true, content: json(Bundle) },
          responses: {
            201: { description: "Imported", content: json(ImportBody) },
            ...errors(400, 401, 403, 413, 422),
          },
        },
      },
      "/api/v1/agents/{key}/export": {
        get: {
          summary: "Export an agent bundle",
          ...secured("agents:read"),
          parameters: [keyParam],
          responses: { 200: { description: "The bundle", content: json(Bundle) }, ...errors(401, 403, 404) },
        },
      },
      "/api/v1/agents/{key}/sessions": {
        post: {
          summary: "Start a session",
          description:
            "With a publishable key (docs/widget.md) the session is on the key's agent only (another agent: 404), the request needs an Origin the key lists, counts against `widget.sessions_per_hour_per_address` and `_per_key`, and the answer adds `session_token` (24 h) for the session's turns and events.",
          security: [{ apiKey: [] }, { publishableKey: [] }],
          "x-focal-scope": "turns:write",
          parameters: [keyParam],
          requestBody: { required: true, content: json(CreateSessionBody) },
          responses: {
            201: { description: "Created", content: json(CreateSessionResponse) },
            ...errors(400, 401, 403, 404, 422, 429),
          },
        },
      },
      "/api/v1/sessions/{id}/turns": {
        post: {
          summary: "Post a user message and get the agent's reply",
          description:
            "With `Accept: text/event-stream` the answer is a stream of server-sent events: one `stage` event per pipeline stage as it completes (name, status, decision, timing; no draft text, no attributes), then exactly one `turn` event whose data is the JSON form's 200 body, or one `error` event whose data is the JSON form's error body plus its `status`. The reply is only ever sent in the `turn` event, after enforcement passed it and the turn is committed; a draft that was blocked and regenerated never appears. An Idempotency-Key that was already answered streams the stored result as the one `turn` event. A client that disconnects does not cancel the turn: it is still stored, once. With a publishable key the request needs the session's token and an Origin the key lists, and counts against the `widget.turns_per_minute_*` limits (429 with Retry-After).",
          security: [{ apiKey: [] }, { publishableKey: [], widgetSessionToken: [] }],
          "x-focal-scope": "turns:write",
          parameters: [
            uuidParam("id"),
            {
              name: "Idempotency-Key",
              in: "header",
              required: false,
              schema: { type: "string", pattern: "^[A-Za-z0-9_.:-]{1,128}$" },
              description: "Same key and body → the stored result; other body → 422; in flight → 409.",
            },
          ],
          requestBody: { required: true, content: json(PostTurnBody) },
          responses: {
            200: {
              description: "The turn (JSON), or its progress and then the turn (event stream)",
              content: {
                ...json(PostTurnResponse),
                "text/event-stream": {
                  schema: {
                    type: "string",
                    description: "`event: stage|turn|error` and `data: <JSON>` blocks, each ended by a blank line.",
                  },
                  itemSchema: z.toJSONSchema(TurnStreamEvent, { io: "output", unrepresentable: "any" }),
                },
              },
            },
            ...errors(400, 401, 403, 404, 409, 413, 422, 429),
          },
        },
      },
      "/api/v1/sessions/{id}": {
        get: {
          summary: "A session's state and turns",
          ...secured("traces:read"),
          parameters: [uuidParam("id")],
          responses: { 200: { description: "Session", content: json(SessionBody) }, ...errors(401, 403, 404) },
        },
      },
      "/api/v1/turns/{id}": {
        get: {
          summary: "A turn with its spans, provenance and regeneration loops",
          ...secured("traces:read"),
          parameters: [uuidParam("id")],
          responses: { 200: { description: "Turn", content: json(TurnDetailBody) }, ...errors(401, 403, 404) },
        },
      },
      ...goalsPaths,
      ...handoffPaths,
      ...approvalPaths,
      ...loopsPaths,
      ...replayPaths,
      ...routingCheckPaths,
      ...testsPaths,
      ...reviewsPaths,
      ...customersPaths,
      ...webhookPaths,
      ...publishableKeyPaths,
      "/api/v1/ledger/verify": {
        get: {
          summary: "Walk every chain (global and per session) and every anchor; name the first broken event",
          ...secured("ledger:read"),
          responses: { 200: { description: "Verdict", content: json(LedgerVerifyBody) }, ...errors(401, 403) },
        },
      },
      "/api/v1/ledger/anchors/latest": {
        get: {
          summary: "The latest LEDGER_ANCHORED event: the global-chain hash to copy out (docs/ledger.md)",
          ...secured("ledger:read"),
          responses: {
            200: { description: "Anchor", content: json(LedgerAnchorBody) },
            ...errors(401, 403, 404),
          },
        },
      },
    },
  };
}
