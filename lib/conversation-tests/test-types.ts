// The shapes the console reads from the conversation-test endpoints, client-safe: type-only
// re-exports of the server's and the runner's types (erased at build), so the UI cannot drift.

export type { TestRunView } from "@/lib/conversation-tests/server/test-runs";
export type { CaseTry, CaseTurnResult } from "@/lib/engine/conversation-tests/run-case";
export type { CaseReport, SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
export type { SuiteComparison } from "@/lib/engine/conversation-tests/suite-comparison";

/** A finished run's counts as the runs history shows them (the server's `summary`). */
export interface TestRunSummary {
  mode: "frozen" | "offline" | "live";
  cases: number;
  passed: number;
  failed: number;
  flaky: number;
  pass_1: number;
  pass_k: number;
  k: number;
}
