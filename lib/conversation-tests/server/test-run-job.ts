import "server-only";
import { getAgentById } from "@/db/queries/agents";
import type { JobRunRow } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import type { BundleTestCase } from "@/lib/engine/contracts/test-case";
import { SuiteCancelledError, type SuiteReport } from "@/lib/engine/conversation-tests/run-suite";
import { AppError } from "@/lib/server/errors";
import type { JobContext, JobDefinition, JobOutcome } from "@/lib/server/jobs/job-queue";
import { JobCancelledError } from "@/lib/server/jobs/run-job";
import { runAgentSuite, type SuiteRequest } from "./run-agent-suite";

/** What a test-run job stores to rebuild its work on any instance (a bundle's snapshot and cases included). */
type TestRunJobPayload = Omit<SuiteRequest, "signal" | "onProgress">;

function suiteSummary(report: SuiteReport): Record<string, unknown> {
  return {
    mode: report.mode,
    cases: report.cases.length,
    passed: report.passed,
    failed: report.failed,
    flaky: report.flaky,
    pass_1: report.reliability.pass_1,
    pass_k: report.reliability.pass_k,
    k: report.k,
  };
}

/** The stored turns the report's cases were saved from: each such case holds a customer's messages. */
function recordedTurnIds(report: SuiteReport): string[] {
  return report.cases.flatMap((c) =>
    c.detail.turns.flatMap((turn) => (turn.recorded_turn_id ? [turn.recorded_turn_id] : [])),
  );
}

async function runTestRunJob(job: JobRunRow, { db, signal, onProgress }: JobContext): Promise<JobOutcome> {
  const agent = job.agentId ? await getAgentById(db, job.agentId) : null;
  if (!agent) throw new AppError("NOT_FOUND", "The agent of this test run was deleted.");
  // Stored by startTestRun (test-runs.ts, from start-test-run-from-request.ts), the only writer of a test-run job's payload.
  const payload = job.payload as TestRunJobPayload | null;
  if (!payload) throw new AppError("VALIDATION", "This test run's request was not kept; start it again.");
  try {
    const report = await runAgentSuite(db, agent, {
      ...payload,
      draft: payload.draft as AgentSnapshot | undefined,
      cases: payload.cases as BundleTestCase[] | undefined,
      signal,
      onProgress,
    });
    return {
      result: report,
      summary: suiteSummary(report),
      reads: { sessionIds: [], turnIds: recordedTurnIds(report) },
    };
  } catch (error) {
    if (error instanceof SuiteCancelledError) throw new JobCancelledError();
    throw error;
  }
}

export const TEST_RUN_JOB: JobDefinition = { handler: runTestRunJob, maxAttempts: 2, retryDelayMs: 5_000 };
