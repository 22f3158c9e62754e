import "server-only";
import { listJobRuns } from "@/db/queries/job-runs";
import type { AgentRow, Database } from "@/db/types";
import type { SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { jobView, type RunView, runsOfKind } from "@/lib/server/jobs/background-jobs";
import type { SuiteRequest } from "./run-agent-suite";

/** A test run as the API shows it: the job, with the suite report under `report`. */
export type TestRunView = RunView<"test_run_id", SuiteReport>;

/** Test runs: the request, a draft and a bundle's cases included, is the job's payload. */
const testRuns = runsOfKind<"test_run_id", SuiteReport, Omit<SuiteRequest, "signal" | "onProgress">>(
  "test_run",
  "test_run_id",
);

export const startTestRun = testRuns.start;
export const getTestRunView = testRuns.get;
export const cancelTestRun = testRuns.cancel;

/** The agent's latest test runs, newest first, without their reports (the runs history). */
export async function listTestRuns(db: Database, agent: AgentRow, limit = 20): Promise<TestRunView[]> {
  const rows = await listJobRuns(db, agent.id, "test_run", limit);
  return rows.map((row) => testRuns.asView(jobView(row)));
}
