import "server-only";
import type { AgentRow, DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import type { TestMode } from "@/lib/engine/conversation-tests/run-case";
import { SuiteCancelledError, type SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { runInBackground } from "@/lib/server/background/compute-pool";
import { ComputeCancelledError } from "@/lib/server/background/compute-tasks";
import { AppError } from "@/lib/server/errors";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";
import { SUITE_TASK } from "./suite-task";
import { listTestCases } from "./test-cases";

export interface SuiteRequest {
  suite?: string;
  /** Only these cases (by key). */
  keys?: string[];
  mode: TestMode;
  k: number;
  tries?: number;
  /** A draft configuration (a dry-run save or a bundle); otherwise the saved one. */
  draft?: AgentSnapshot;
  /** Cases to run instead of the stored ones (a bundle's own `tests`). */
  cases?: BundleTestCase[];
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** The cases a run covers: a bundle's own or the stored ones, one suite, named keys (404 for an unknown one). */
export async function selectCases(
  db: DbOrTx,
  agent: AgentRow,
  request: Pick<SuiteRequest, "suite" | "keys" | "cases">,
): Promise<BundleTestCase[]> {
  let cases = request.cases ?? (await listTestCases(db, agent, request.suite));
  if (request.cases && request.suite) cases = cases.filter((c) => c.suite === request.suite);
  if (request.keys) {
    const unknown = request.keys.filter((k) => !cases.some((c) => c.key === k));
    if (unknown.length > 0) throw new AppError("NOT_FOUND", `No test case ${unknown.map((k) => `"${k}"`).join(", ")}.`);
    cases = cases.filter((c) => request.keys?.includes(c.key));
  }
  return cases;
}

/**
 * Runs an agent's suite (or named cases) under its saved configuration or a draft: the cases and the
 * configuration are read here, the turns run on a background worker thread (docs/jobs.md).
 */
export async function runAgentSuite(db: DbOrTx, agent: AgentRow, request: SuiteRequest): Promise<SuiteReport> {
  const cases = await selectCases(db, agent, request);
  const snapshot = request.draft ?? (await loadAgentSnapshot(db, agent));
  try {
    return await runInBackground(
      SUITE_TASK,
      { snapshot, cases, mode: request.mode, k: request.k, tries: request.tries },
      { signal: request.signal, onProgress: request.onProgress },
    );
  } catch (error) {
    if (error instanceof ComputeCancelledError) throw new SuiteCancelledError();
    throw error;
  }
}
