import "server-only";
import { listJobRuns } from "@/db/queries/job-runs";
import type { AgentRow, Database } from "@/db/types";
import type { SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { cancelJob, getJobView, type JobView, jobView, startJob } from "@/lib/server/jobs/background-jobs";
import type { SuiteRequest } from "./run-agent-suite";

/** A test run as the API shows it: the job, with the suite report under `report`. */
export type TestRunView = Omit<JobView, "id" | "result"> & { test_run_id: string; report: SuiteReport | null };

function asTestRun({ id, result, ...rest }: JobView): TestRunView {
  // A test-run job's result is the SuiteReport test-run-job.ts stored.
  return { test_run_id: id, report: result as SuiteReport | null, ...rest };
}

/**
 * Stores a test run with the config_version it tests (null for a draft) and queues it; the request, a
 * draft and a bundle's cases included, is the job's payload.
 */
export async function startTestRun(
  db: Database,
  agent: AgentRow,
  request: Omit<SuiteRequest, "signal" | "onProgress">,
  describe: Record<string, unknown>,
  createdBy: string,
): Promise<TestRunView> {
  const job = await startJob(db, "test_run", {
    agentId: agent.id,
    request: describe,
    payload: request,
    createdBy,
    configVersion: request.draft ? undefined : agent.configVersion,
  });
  return asTestRun(job);
}

export async function getTestRunView(db: Database, id: string): Promise<TestRunView | null> {
  const job = await getJobView(db, id, "test_run");
  return job ? asTestRun(job) : null;
}

export async function cancelTestRun(db: Database, id: string): Promise<TestRunView> {
  return asTestRun(await cancelJob(db, id, "test_run"));
}

/** The agent's latest test runs, newest first, without their reports (the runs history). */
export async function listTestRuns(db: Database, agent: AgentRow, limit = 20): Promise<TestRunView[]> {
  const rows = await listJobRuns(db, agent.id, "test_run", limit);
  return rows.map((row) => asTestRun(jobView(row)));
}
