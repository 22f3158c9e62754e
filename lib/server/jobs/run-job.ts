import "server-only";
import {
  claimJobRun,
  finishJobRun,
  jobCancelRequested,
  requeueJobRun,
  touchJobRun,
  updateJobProgress,
} from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import { AppError } from "../errors";
import { loggableError } from "../loggable-error";
import { withoutDeletedReads } from "./finish-without-deleted";
import { type JobDefinition, retryDelay } from "./job-queue";

// One attempt at one job, the same on both queues: claim the row (so only one instance runs it), run
// the handler with progress and cancel, keep a heartbeat, then finish it — done, cancelled, failed, or
// back in the queue with a backoff while attempts are left.

/** A running job not touched for this long lost its instance: the queue may run it again. */
export const LOST_AFTER_MS = 120_000;
const HEARTBEAT_MS = 30_000;
const PROGRESS_EVERY_MS = 500;
// A cancel asked on another instance is seen within this; one asked here aborts at once
// (abortLocalJob). Either way the job's worker thread is terminated: it stops within 1 s.
const CANCEL_POLL_MS = 400;

const runningHere = new Map<string, AbortController>();

/** Aborts a job this process runs (the API's cancel, after it stored the request). */
export function abortLocalJob(id: string): void {
  runningHere.get(id)?.abort();
}

export class JobCancelledError extends Error {
  constructor() {
    super("the job was cancelled");
  }
}

/** A failure whose message is safe to show (no customer text); the job is retried while attempts are left. */
export class JobFailure extends Error {}

export type AttemptResult =
  | { status: "done" | "cancelled" }
  /** Claimed by another instance, ended, or cancelled before it started. */
  | { status: "skipped" }
  | { status: "retry"; error: string; delayMs: number }
  | { status: "failed"; error: string };

function shownError(error: unknown): string {
  if (error instanceof AppError || error instanceof JobFailure) return error.message;
  const summary = loggableError(error);
  const code = summary.sqlState ?? summary.code;
  return `The job failed (${summary.name}${code ? ` ${code}` : ""}); see the server log.`;
}

export async function runJobAttempt(db: Database, id: string, definition: JobDefinition): Promise<AttemptResult> {
  const run = await claimJobRun(db, id, LOST_AFTER_MS);
  if (!run) return { status: "skipped" };
  const abort = new AbortController();
  let last = 0;
  let pending: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(() => {
    pending = pending.then(() => touchJobRun(db, id)).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  let polling = false;
  const cancelPoll = setInterval(() => {
    if (polling || abort.signal.aborted) return;
    polling = true;
    jobCancelRequested(db, id)
      .then((cancel) => cancel && abort.abort())
      .catch(() => undefined)
      .finally(() => {
        polling = false;
      });
  }, CANCEL_POLL_MS);
  cancelPoll.unref?.();
  runningHere.set(id, abort);
  const stopWatching = () => {
    clearInterval(heartbeat);
    clearInterval(cancelPoll);
    runningHere.delete(id);
  };
  try {
    const outcome = await definition.handler(run, {
      db,
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
    stopWatching();
    await pending;
    if (abort.signal.aborted) throw new JobCancelledError();
    await db.transaction(async (tx) =>
      finishJobRun(tx, id, { status: "done", ...(await withoutDeletedReads(tx, outcome)) }),
    );
    return { status: "done" };
  } catch (error) {
    stopWatching();
    await pending.catch(() => undefined);
    if (error instanceof JobCancelledError || abort.signal.aborted) {
      await finishJobRun(db, id, { status: "cancelled" });
      return { status: "cancelled" };
    }
    if (!(error instanceof AppError) && !(error instanceof JobFailure)) {
      console.error(`[job ${run.kind} ${id}]`, loggableError(error));
    }
    const message = shownError(error);
    if (!(error instanceof AppError) && run.attempts < run.maxAttempts) {
      const delayMs = retryDelay(definition, run.attempts);
      await requeueJobRun(db, id, message, delayMs);
      return { status: "retry", error: message, delayMs };
    }
    await finishJobRun(db, id, { status: "failed", error: message });
    return { status: "failed", error: message };
  }
}
