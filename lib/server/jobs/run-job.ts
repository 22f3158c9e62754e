import "server-only";
import { claimJobRun, finishJobRun, requeueJobRun, touchJobRun, updateJobProgress } from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import { AppError } from "../errors";
import { loggableError } from "../loggable-error";
import { type JobDefinition, retryDelay } from "./job-queue";

// One attempt at one job, the same on both queues: claim the row (so only one instance runs it), run
// the handler with progress and cancel, keep a heartbeat, then finish it — done, cancelled, failed, or
// back in the queue with a backoff while attempts are left.

/** A running job not touched for this long lost its instance: the queue may run it again. */
export const LOST_AFTER_MS = 120_000;
const HEARTBEAT_MS = 30_000;
const PROGRESS_EVERY_MS = 500;

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
    clearInterval(heartbeat);
    await pending;
    if (abort.signal.aborted) throw new JobCancelledError();
    await finishJobRun(db, id, { status: "done", ...outcome });
    return { status: "done" };
  } catch (error) {
    clearInterval(heartbeat);
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
