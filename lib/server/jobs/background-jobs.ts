import "server-only";
import {
  finishJobRun,
  getJobRun,
  insertJobRun,
  markJobRunning,
  requestJobCancel,
  updateJobProgress,
} from "@/db/queries/job-runs";
import type { JobRunRow } from "@/db/schema";
import type { Database } from "@/db/types";
import { AppError } from "../errors";
import { loggableError } from "../loggable-error";

// Jobs (replays, test runs) are CPU-bound pure code: one at a time per instance — the same 2 cores
// serve turns — and the rest wait in order. A job that stops reporting progress for this long is
// taken for lost: the instance running it went away.
const LOST_AFTER_MS = 120_000;
const PROGRESS_EVERY_MS = 500;

export type JobKind = "replay" | "test_run";
export type JobStatus = "queued" | "running" | "done" | "failed" | "cancelled";

export class JobCancelledError extends Error {
  constructor() {
    super("the job was cancelled");
  }
}

export interface JobContext {
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
}

export interface JobOutcome {
  result: Record<string, unknown>;
  summary?: Record<string, unknown>;
}

export interface JobView {
  id: string;
  status: JobStatus;
  request: Record<string, unknown>;
  progress: { done: number; total: number };
  config_version: number | null;
  summary: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error: string | null;
  created_by: string;
  created_at: string;
  finished_at: string | null;
}

type JobRowLike = Pick<
  JobRunRow,
  | "id"
  | "status"
  | "request"
  | "done"
  | "total"
  | "configVersion"
  | "summary"
  | "error"
  | "createdBy"
  | "createdAt"
  | "updatedAt"
  | "finishedAt"
> & { result?: JobRunRow["result"] };

export function jobView(run: JobRowLike, now = new Date()): JobView {
  const open = run.status === "queued" || run.status === "running";
  const lost = open && now.getTime() - run.updatedAt.getTime() > LOST_AFTER_MS;
  return {
    id: run.id,
    status: lost ? "failed" : (run.status as JobStatus),
    request: run.request,
    progress: { done: run.done, total: run.total },
    config_version: run.configVersion,
    summary: run.summary ?? null,
    result: run.result ?? null,
    error: lost ? "The server running this job stopped before it finished; start it again." : run.error,
    created_by: run.createdBy,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}

let chain: Promise<unknown> = Promise.resolve();

/**
 * Stores a job and runs `work` in the background on this instance; the caller answers with the job
 * at once and anyone polls it. `request` is what is stored of what was asked (no draft bundle).
 */
export async function startJob(
  db: Database,
  job: { kind: JobKind; agentId: string; request: Record<string, unknown>; createdBy: string; configVersion?: number },
  work: (ctx: JobContext) => Promise<JobOutcome>,
): Promise<JobView> {
  const run = await insertJobRun(db, job);
  chain = chain.then(() => execute(db, run.id, work)).catch(() => undefined);
  return jobView(run);
}

async function execute(db: Database, id: string, work: (ctx: JobContext) => Promise<JobOutcome>) {
  if (!(await markJobRunning(db, id))) return finishJobRun(db, id, { status: "cancelled" });
  const abort = new AbortController();
  let last = 0;
  let pending: Promise<void> = Promise.resolve();
  try {
    const outcome = await work({
      signal: abort.signal,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && done < total) return;
        last = now;
        pending = pending.then(async () => {
          if (await updateJobProgress(db, id, done, total)) abort.abort();
        });
      },
    });
    await pending;
    if (abort.signal.aborted) throw new JobCancelledError();
    await finishJobRun(db, id, { status: "done", ...outcome });
  } catch (error) {
    await pending.catch(() => undefined);
    if (error instanceof JobCancelledError || abort.signal.aborted) {
      return finishJobRun(db, id, { status: "cancelled" });
    }
    if (!(error instanceof AppError)) console.error(`[job ${id}]`, loggableError(error));
    const message = error instanceof AppError ? error.message : "The job failed; see the server log.";
    await finishJobRun(db, id, { status: "failed", error: message });
  }
}

export async function getJobView(db: Database, id: string, kind: JobKind): Promise<JobView | null> {
  const run = await getJobRun(db, id, kind);
  return run ? jobView(run) : null;
}

export async function cancelJob(db: Database, id: string, kind: JobKind): Promise<JobView> {
  const run = await getJobRun(db, id, kind);
  if (!run) throw new AppError("NOT_FOUND", `No such ${kind === "replay" ? "replay" : "test run"}: ${id}.`);
  await requestJobCancel(db, id);
  return jobView((await getJobRun(db, id, kind)) ?? run);
}

/** Tests wait for the background jobs they started. */
export function backgroundJobsSettled(): Promise<unknown> {
  return chain;
}
