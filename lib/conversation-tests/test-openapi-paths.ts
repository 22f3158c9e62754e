import { DeletedTestBody, RunList, TestList, TestProposalBody } from "@/lib/conversation-tests/test-response-schemas";
import { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { errorResponses, jsonContent } from "../openapi/openapi-helpers";

// OpenAPI path objects of the conversation-test endpoints (docs/conversation-tests.md).

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed JSON",
  401: "Missing, invalid or revoked API key",
  403: "The key lacks the scope",
  404: "No such agent, case, run or session",
  413: "Body over 1 MiB",
  422: "Validation failed: every path and reason in `errors` (unknown rules, steps or variables, CEL that does not parse, k outside 1–10, more than 200 turns)",
};
const errors = errorResponses(ERROR_TEXT);

const keyParam = { name: "key", in: "path", required: true, schema: { type: "string" } };
const testKeyParam = { name: "test_key", in: "path", required: true, schema: { type: "string" } };
const idParam = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const scope = (s: string) => ({ security: [{ apiKey: [] }], "x-focal-scope": s });

export const testsPaths = {
  "/api/v1/agents/{key}/tests": {
    get: {
      summary: "The agent's conversation test cases (?suite= for one suite)",
      ...scope("agents:read"),
      parameters: [keyParam, { name: "suite", in: "query", required: false, schema: { type: "string" } }],
      responses: { 200: { description: "Cases", content: jsonContent(TestList, "output") }, ...errors(401, 403, 404) },
    },
    post: {
      summary: "Add a test case, checked against the agent's configuration",
      ...scope("agents:write"),
      parameters: [keyParam],
      requestBody: { required: true, content: jsonContent(BundleTestCase) },
      responses: {
        201: { description: "The case", content: jsonContent(BundleTestCase, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
  },
  "/api/v1/agents/{key}/tests/{test_key}": {
    get: {
      summary: "One test case",
      ...scope("agents:read"),
      parameters: [keyParam, testKeyParam],
      responses: {
        200: { description: "The case", content: jsonContent(BundleTestCase, "output") },
        ...errors(401, 403, 404),
      },
    },
    put: {
      summary: "Replace a test case (its key may change)",
      ...scope("agents:write"),
      parameters: [keyParam, testKeyParam],
      requestBody: { required: true, content: jsonContent(BundleTestCase) },
      responses: {
        200: { description: "The case", content: jsonContent(BundleTestCase, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
    delete: {
      summary: "Delete a test case",
      ...scope("agents:write"),
      parameters: [keyParam, testKeyParam],
      responses: {
        200: { description: "Deleted", content: jsonContent(DeletedTestBody) },
        ...errors(401, 403, 404),
      },
    },
  },
  "/api/v1/agents/{key}/test-runs": {
    post: {
      summary: "Run the agent's tests (frozen, offline or live) with k tries for pass^k",
      description:
        "Frozen serves each recorded turn's calls from its tape where they still apply and the offline provider elsewhere; offline uses the offline provider; live the configured one. Per case pass^1 and pass^k = C(passes, k) / C(tries, k), averaged (τ-bench). `config` (a whole bundle) runs the bundle's own tests against it. Runs in the background: poll GET /api/v1/test-runs/{id}.",
      ...scope("turns:write"),
      parameters: [keyParam],
      requestBody: { required: true, content: jsonContent(TestRunBody) },
      responses: {
        202: { description: "Started", content: jsonContent(TestRunViewSchema, "output") },
        ...errors(400, 401, 403, 404, 413, 422),
      },
    },
    get: {
      summary: "The agent's latest test runs (history), newest first",
      ...scope("agents:read"),
      parameters: [keyParam],
      responses: { 200: { description: "Runs", content: jsonContent(RunList, "output") }, ...errors(401, 403, 404) },
    },
  },
  "/api/v1/test-runs/{id}": {
    get: {
      summary: "A test run: status, progress, summary and, when done, per case results and failed assertions",
      ...scope("agents:read"),
      parameters: [idParam],
      responses: {
        200: { description: "The run", content: jsonContent(TestRunViewSchema, "output") },
        ...errors(401, 403, 404),
      },
    },
  },
  "/api/v1/test-runs/{id}/cancel": {
    post: {
      summary: "Stop a test run before its next case",
      ...scope("turns:write"),
      parameters: [idParam],
      responses: {
        200: { description: "The run", content: jsonContent(TestRunViewSchema, "output") },
        ...errors(401, 403, 404),
      },
    },
  },
  "/api/v1/sessions/{id}/test-proposal": {
    get: {
      summary: "A test case proposed from a stored session: its messages, tapes and assertions read from the trace",
      ...scope("traces:read"),
      parameters: [idParam],
      responses: {
        200: {
          description: "The proposal",
          content: jsonContent(TestProposalBody, "output"),
        },
        ...errors(401, 403, 404),
      },
    },
  },
};
