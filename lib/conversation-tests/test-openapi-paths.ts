import { DeletedTestBody, RunList, TestList, TestProposalBody } from "@/lib/conversation-tests/test-response-schemas";
import { TestRunBody } from "@/lib/conversation-tests/test-run-schemas";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { agentKeyParam, byIdOperation, operationBuilder, pathParam, queryParam } from "../openapi/openapi-helpers";

// OpenAPI path objects of the conversation-test endpoints (docs/conversation-tests.md).

const operation = operationBuilder({
  404: "No such agent, case, run or session",
  422: "Validation failed: every path and reason in `errors` (unknown rules, steps or variables, CEL that does not parse, k outside 1–10, more than 200 turns)",
});

const caseParams = [agentKeyParam, pathParam("test_key")];
const theCase = { description: "The case", schema: BundleTestCase };

/** An operation on one test run by its id, answered with the run. */
const onRun = (summary: string, scope: string) =>
  byIdOperation(operation, scope, summary, { description: "The run", schema: TestRunViewSchema });

export const testsPaths = {
  "/api/v1/agents/{key}/tests": {
    get: operation("agents:read", {
      summary: "The agent's conversation test cases (?suite= for one suite)",
      parameters: [agentKeyParam, queryParam("suite")],
      ok: { description: "Cases", schema: TestList },
    }),
    post: operation("agents:write", {
      summary: "Add a test case, checked against the agent's configuration",
      parameters: [agentKeyParam],
      body: BundleTestCase,
      ok: { ...theCase, status: 201 },
    }),
  },
  "/api/v1/agents/{key}/tests/{test_key}": {
    get: operation("agents:read", {
      summary: "One test case",
      parameters: caseParams,
      ok: theCase,
    }),
    put: operation("agents:write", {
      summary: "Replace a test case (its key may change)",
      parameters: caseParams,
      body: BundleTestCase,
      ok: theCase,
    }),
    delete: operation("agents:write", {
      summary: "Delete a test case",
      parameters: caseParams,
      ok: { description: "Deleted", schema: DeletedTestBody, io: "input" },
    }),
  },
  "/api/v1/agents/{key}/test-runs": {
    post: operation("turns:write", {
      summary: "Run the agent's tests (frozen, offline or live) with k tries for pass^k",
      description:
        "Frozen serves each recorded turn's calls from its tape where they still apply and the offline provider elsewhere; offline uses the offline provider; live the configured one. Per case pass^1 and pass^k = C(passes, k) / C(tries, k), averaged (τ-bench). `config` (a whole bundle) runs the bundle's own tests against it. Runs in the background: poll GET /api/v1/test-runs/{id}.",
      parameters: [agentKeyParam],
      body: TestRunBody,
      ok: { status: 202, description: "Started", schema: TestRunViewSchema },
    }),
    get: operation("agents:read", {
      summary: "The agent's latest test runs (history), newest first",
      parameters: [agentKeyParam],
      ok: { description: "Runs", schema: RunList },
    }),
  },
  "/api/v1/test-runs/{id}": {
    get: onRun(
      "A test run: status, progress, summary and, when done, per case results and failed assertions",
      "agents:read",
    ),
  },
  "/api/v1/test-runs/{id}/cancel": {
    post: onRun("Stop a test run before its next case", "turns:write"),
  },
  "/api/v1/sessions/{id}/test-proposal": {
    get: byIdOperation(
      operation,
      "traces:read",
      "A test case proposed from a stored session: its messages, tapes and assertions read from the trace",
      { description: "The proposal", schema: TestProposalBody },
    ),
  },
};
