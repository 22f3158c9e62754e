import { ImportBody } from "@/lib/bundles/import-response-schema";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { HealthBody } from "@/lib/health/health-body";
import { LedgerAnchorBody, LedgerVerifyBody } from "@/lib/ledger/ledger-response-schemas";
import {
  agentKeyParam,
  byIdOperation,
  errorResponses,
  jsonContent,
  operationBuilder,
  uuidParam,
} from "@/lib/openapi/openapi-helpers";
import {
  CreateSessionResponse,
  PostTurnResponse,
  SessionBody,
  TurnDetailBody,
  TurnStreamEvent,
} from "@/lib/turns/turn-response-schemas";
import { CreateSessionBody, PostTurnBody } from "@/lib/turns/turn-view";
import { operatorOrCustomer } from "@/lib/widget/customer-openapi";
import {
  CustomerSessionResponse,
  CustomerTurnResponse,
  CustomerTurnStreamEvent,
} from "@/lib/widget/customer-response-schemas";
import packageJson from "@/package.json";
import { approvalPaths } from "../approvals/approval-openapi-paths";
import { attentionPaths } from "../attention/attention-openapi-paths";
import { budgetPaths } from "../budgets/budget-openapi-paths";
import { configPaths } from "../config-as-code/config-openapi-paths";
import { testsPaths } from "../conversation-tests/test-openapi-paths";
import { credentialPaths } from "../credentials/credential-openapi-paths";
import { customersPaths } from "../customers/customer-openapi-paths";
import { environmentPaths } from "../environments/environment-openapi-paths";
import { goalsPaths } from "../goals/goal-openapi-paths";
import { handoffPaths } from "../handoffs/handoff-openapi-paths";
import { knowledgePaths } from "../knowledge/knowledge-openapi-paths";
import { loopsPaths } from "../loops/loop-openapi-paths";
import { mcpServerPaths } from "../mcp/mcp-openapi-paths";
import { piiPaths } from "../privacy/pii-openapi-paths";
import { replayPaths } from "../replay/replay-openapi-paths";
import { reviewsPaths } from "../reviews/review-openapi-paths";
import { routingCheckPaths } from "../scenarios/routing-check-openapi-paths";
import { importOpenApiPaths } from "../tools/openapi/import-openapi-paths";
import { usagePaths } from "../usage/usage-openapi-paths";
import { webhookPaths } from "../webhooks/webhook-openapi-paths";
import { publishableKeyPaths, widgetSecuritySchemes } from "../widget/publishable-key-openapi-paths";

const errorText = {
  403: "The key lacks the scope; with a publishable key also ORIGIN_NOT_ALLOWED (Origin missing or not listed) and SESSION_TOKEN_INVALID",
  404: "No such resource",
  409: "Idempotency-Key still in flight",
  422: "Validation failed: every path and reason in `errors` (also text with NUL, an unpaired surrogate or a control character other than tab/LF/CR)",
  429: "A widget limit (publishable key): retry after Retry-After seconds",
};
const errors = errorResponses(errorText);
const operation = operationBuilder(errorText, "input");

/** The operation with its success answer at `status` replaced by this JSON schema (both views of a widget route). */
function withSuccess<O extends { responses: Record<string, unknown> }>(
  status: number,
  answer: { description: string; schema: unknown },
  op: O,
): O {
  const content = { "application/json": { schema: answer.schema } };
  return { ...op, responses: { ...op.responses, [status]: { description: answer.description, content } } };
}

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
            200: { description: "OK", content: jsonContent(HealthBody) },
            503: { description: "Database unreachable", content: jsonContent(HealthBody) },
          },
        },
      },
      "/api/v1/agents/import": {
        post: operation("agents:write", {
          summary: "Import an agent bundle (all or nothing; an existing key gets a new config version)",
          body: Bundle,
          ok: { status: 201, description: "Imported", schema: ImportBody },
        }),
      },
      "/api/v1/agents/{key}/export": {
        get: operation("agents:read", {
          summary: "Export an agent bundle",
          parameters: [agentKeyParam],
          ok: { description: "The bundle", schema: Bundle },
        }),
      },
      "/api/v1/agents/{key}/sessions": { post: createSessionOperation() },
      "/api/v1/sessions/{id}/turns": { post: postTurnOperation() },
      "/api/v1/sessions/{id}": {
        get: byIdOperation(operation, "traces:read", "A session's state and turns", {
          description: "Session",
          schema: SessionBody,
        }),
      },
      "/api/v1/turns/{id}": {
        get: byIdOperation(operation, "traces:read", "A turn with its spans, provenance and regeneration loops", {
          description: "Turn",
          schema: TurnDetailBody,
        }),
      },
      ...goalsPaths,
      ...handoffPaths,
      ...approvalPaths,
      ...attentionPaths,
      ...loopsPaths,
      ...replayPaths,
      ...routingCheckPaths,
      ...testsPaths,
      ...configPaths,
      ...reviewsPaths,
      ...usagePaths,
      ...budgetPaths,
      ...knowledgePaths,
      ...customersPaths,
      ...webhookPaths,
      ...credentialPaths,
      ...importOpenApiPaths,
      ...mcpServerPaths,
      ...publishableKeyPaths,
      ...environmentPaths,
      ...piiPaths,
      ...ledgerPaths(),
    },
  };
}

/** POST /api/v1/agents/{key}/sessions: an API key's answer, or with a publishable key the customer's. */
function createSessionOperation() {
  return withSuccess(
    201,
    { description: "Created", schema: operatorOrCustomer(CreateSessionResponse, CustomerSessionResponse) },
    {
      ...operation("turns:write", {
        summary: "Start a session",
        description:
          "`environment` (docs/environments.md, default `production`) decides the config version its turns run at: the environment's pin, an arm of its split drawn by `customer_id`, or the latest for `draft` and unpinned production; an unknown environment is a 422 naming `environment`. With a publishable key (docs/widget.md) the session is on the key's agent only (another agent: 404), the request needs an Origin the key lists, `customer_id` is refused (422: the customer is anonymous, or named by a token the company's server signed, in `X-Focal-Customer-Token`; unsigned, tampered or expired → 401 `CUSTOMER_TOKEN_INVALID` / `CUSTOMER_TOKEN_EXPIRED`), `environment` must be one the key lists (an unknown one answers the same 422), it counts against `widget.sessions_per_hour_per_address` and `_per_key`, and the answer is the second shape, with `session_token` (24 h) for the session's turns and events.",
        parameters: [
          agentKeyParam,
          {
            name: "X-Focal-Customer-Token",
            in: "header",
            required: false,
            schema: { type: "string" },
            description:
              "With a publishable key: `v1.<customer id, base64url>.<expiry, Unix seconds>.<HMAC-SHA256 under the agent's identity secret, base64url>` (docs/widget.md#identified-customers).",
          },
        ],
        body: CreateSessionBody,
        ok: { status: 201, description: "Created", schema: CreateSessionResponse },
        errors: [400, 401, 403, 404, 422, 429],
      }),
      security: [{ apiKey: [] }, { publishableKey: [] }],
    },
  );
}

/** POST /api/v1/sessions/{id}/turns: the turn as JSON, or its stages and then the turn as server-sent events. */
function postTurnOperation() {
  return {
    summary: "Post a user message and get the agent's reply",
    description:
      "With `Accept: text/event-stream` the answer is a stream of server-sent events: one `stage` event per pipeline stage as it completes (name, status, decision, timing; no draft text, no attributes), then exactly one `turn` event whose data is the JSON form's 200 body, or one `error` event whose data is the JSON form's error body plus its `status`. The reply is only ever sent in the `turn` event, after enforcement passed it and the turn is committed; a draft that was blocked and regenerated never appears. An Idempotency-Key that was already answered streams the stored result as the one `turn` event. A client that disconnects does not cancel the turn: it is still stored, once. With a publishable key the request needs the session's token and an Origin the key lists, and counts against the `widget.turns_per_minute_*` limits (429 with Retry-After).",
    security: [{ apiKey: [] }, { publishableKey: [], widgetSessionToken: [] }],
    "x-focal-scope": "turns:write",
    parameters: [
      uuidParam(),
      {
        name: "view",
        in: "query",
        required: false,
        schema: { type: "string", enum: ["customer"] },
        description:
          "`customer`: the customer's shape (a publishable key always gets it): `{turn_id, session_id, response, outcome, why: {rules, reason}}`, stages without their decision.",
      },
      {
        name: "Idempotency-Key",
        in: "header",
        required: false,
        schema: { type: "string", pattern: "^[A-Za-z0-9_.:-]{1,128}$" },
        description: "Same key and body → the stored result; other body → 422; in flight → 409.",
      },
    ],
    requestBody: { required: true, content: jsonContent(PostTurnBody) },
    responses: {
      200: {
        description: "The turn (JSON), or its progress and then the turn (event stream)",
        content: {
          "application/json": { schema: operatorOrCustomer(PostTurnResponse, CustomerTurnResponse) },
          "text/event-stream": {
            schema: {
              type: "string",
              description: "`event: stage|turn|error` and `data: <JSON>` blocks, each ended by a blank line.",
            },
            itemSchema: operatorOrCustomer(TurnStreamEvent, CustomerTurnStreamEvent),
          },
        },
      },
      ...errors(400, 401, 403, 404, 409, 413, 422, 429),
    },
  };
}

/** The ledger's verification and its latest anchor. */
function ledgerPaths() {
  return {
    "/api/v1/ledger/verify": {
      get: operation("ledger:read", {
        summary: "Walk every chain (global and per session) and every anchor; name the first broken event",
        ok: { description: "Verdict", schema: LedgerVerifyBody },
      }),
    },
    "/api/v1/ledger/anchors/latest": {
      get: operation("ledger:read", {
        summary: "The latest LEDGER_ANCHORED event: the global-chain hash to copy out (docs/ledger.md)",
        ok: { description: "Anchor", schema: LedgerAnchorBody },
        also: [404],
      }),
    },
  };
}
