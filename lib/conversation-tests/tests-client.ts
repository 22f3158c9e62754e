import { type ApiAnswer, jsonBody, requestJson } from "@/lib/console-api/request-json";
import type { BundleTestCase, BundleTestCaseInput } from "@/lib/engine/contracts/test-case";
import type { TestRunBody } from "./test-run-schemas";
import type { TestRunView } from "./test-types";

// The Tests page, the test editor and "Save as test" call the conversation-test REST routes.

const agentPath = (agentKey: string) => `/api/v1/agents/${encodeURIComponent(agentKey)}`;

/** Creates a case (`loadedKey` null) or replaces the one loaded under `loadedKey` (its key may change). */
export function saveTestCase(
  agentKey: string,
  testCase: BundleTestCaseInput,
  loadedKey: string | null,
): Promise<ApiAnswer<BundleTestCase>> {
  return loadedKey === null
    ? requestJson(`${agentPath(agentKey)}/tests`, "Saving the test", jsonBody("POST", testCase))
    : requestJson(
        `${agentPath(agentKey)}/tests/${encodeURIComponent(loadedKey)}`,
        "Saving the test",
        jsonBody("PUT", testCase),
      );
}

export function deleteTestCase(agentKey: string, key: string): Promise<ApiAnswer<{ deleted: string }>> {
  return requestJson(
    `${agentPath(agentKey)}/tests/${encodeURIComponent(key)}`,
    "Deleting the test",
    jsonBody("DELETE"),
  );
}

export function startTestRun(agentKey: string, body: TestRunBody): Promise<ApiAnswer<TestRunView>> {
  return requestJson(`${agentPath(agentKey)}/test-runs`, "Starting the test run", jsonBody("POST", body));
}

export function listTestRuns(agentKey: string): Promise<ApiAnswer<{ runs: TestRunView[] }>> {
  return requestJson(`${agentPath(agentKey)}/test-runs`, "Loading the runs");
}

export function getTestRun(id: string): Promise<ApiAnswer<TestRunView>> {
  return requestJson(`/api/v1/test-runs/${encodeURIComponent(id)}`, "Loading the test run");
}

export function cancelTestRun(id: string): Promise<ApiAnswer<TestRunView>> {
  return requestJson(`/api/v1/test-runs/${encodeURIComponent(id)}/cancel`, "Cancelling the test run", jsonBody("POST"));
}

export function getTestProposal(sessionId: string): Promise<ApiAnswer<{ agent_key: string; test: BundleTestCase }>> {
  return requestJson(`/api/v1/sessions/${encodeURIComponent(sessionId)}/test-proposal`, "Proposing a test");
}

/** Answers as values for TanStack Query: a refusal becomes the query's error. */
export async function bodyOrThrow<T>(answer: Promise<ApiAnswer<T>>): Promise<T> {
  const result = await answer;
  if (!result.ok) throw new Error(result.message);
  return result.body;
}

/** TanStack Query keys of the conversation-test resources. */
export const testQueryKeys = {
  runs: (agentKey: string) => ["test-runs", agentKey] as const,
  run: (id: string) => ["test-run", id] as const,
  proposal: (sessionId: string) => ["test-proposal", sessionId] as const,
};
