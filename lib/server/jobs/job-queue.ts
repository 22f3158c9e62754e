import "server-only";
import { hasOpenJobRun } from "@/db/queries/job-runs";
import type { Database, JobRunRow } from "@/db/types";

// The job queue Focal's background work goes through. Two implementations behind one interface:
// pg-boss on PostgreSQL (pg-boss-queue.ts: any instance may take a job, one at a time per kind and
// instance (or the kind's `concurrency`), retried after an expiry when its instance died) and an
// in-process runner on the embedded PGlite (in-process-queue.ts: one process owns the database). Both keep the visible record of every job in
// `job_runs` (attempts, progress, result, error), which the replay and test-run APIs and the admin
// Jobs page read; a handler rebuilds its work from the job's stored request and payload.

export interface JobContext {
  db: Database;
  signal: AbortSignal;
  onProgress: (done: number, total: number) => void;
}

export interface JobOutcome {
  result: Record<string, unknown>;
  summary?: Record<string, unknown>;
  /**
   * The stored sessions and turns the result quotes. Those deleted while the job ran are dropped from
   * the result and summary as they are written (finish-without-deleted.ts); never stored itself.
   */
  reads?: { sessionIds: string[]; turnIds: string[] };
}

type JobHandler = (job: JobRunRow, ctx: JobContext) => Promise<JobOutcome>;

export interface JobDefinition {
  handler: JobHandler;
  /** Runs allowed, the first included (2 = one retry). An AppError fails the job at once. */
  maxAttempts?: number;
  /** The wait before the first retry; doubled for each later one. */
  retryDelayMs?: number;
  /**
   * How many of this kind one process runs at once, beside every other kind (default 1, sharing
   * one lane with the other kinds): for jobs that wait on the network, not the CPU.
   */
  concurrency?: number;
}

export interface EnqueueData {
  agentId?: string | null;
  /** What the APIs show of the job. */
  request: Record<string, unknown>;
  /** What the handler needs besides (never shown). */
  payload?: Record<string, unknown> | null;
  createdBy: string;
  configVersion?: number;
}

export interface EnqueueOptions {
  /** Overrides the definition's maxAttempts. */
  maxAttempts?: number;
  /** Enqueue nothing when a job of this name is already queued or running (periodic jobs). */
  singleton?: boolean;
  /** Run no sooner than this many ms from now (a webhook delivery's next attempt). */
  delayMs?: number;
}

/**
 * The job_runs row an enqueue stores (queued), or null when `singleton` finds a job of this name
 * open; a name without a handler throws. Both queues store it before they hand the job to their runner.
 */
export async function jobRunToStore(
  db: Database,
  definitions: ReadonlyMap<string, JobDefinition>,
  name: string,
  data: EnqueueData,
  options: EnqueueOptions,
) {
  const definition = definitions.get(name);
  if (!definition) throw new Error(`no handler for job "${name}"`);
  if (options.singleton && (await hasOpenJobRun(db, name))) return null;
  return {
    kind: name,
    agentId: data.agentId ?? null,
    request: data.request,
    payload: data.payload ?? null,
    createdBy: data.createdBy,
    configVersion: data.configVersion,
    maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? 1,
    ...(options.delayMs ? { runAfter: new Date(Date.now() + options.delayMs) } : {}),
  };
}

export interface JobQueue {
  readonly backend: "pg-boss" | "in-process";
  registerHandler(name: string, definition: JobDefinition): void;
  /** Stores the job (queued) and hands it to the runner; null when `singleton` found one open. */
  enqueue(name: string, data: EnqueueData, options?: EnqueueOptions): Promise<JobRunRow | null>;
  /** Runs `name` every `everyMs` (pg-boss: as a cron schedule, at least a minute apart). */
  schedule(name: string, everyMs: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when nothing this instance started is queued or running (tests). */
  settled(): Promise<void>;
}

const DEFAULT_RETRY_DELAY_MS = 5_000;

/** The wait before attempt `attempt + 1`. */
export function retryDelay(definition: JobDefinition, attempt: number): number {
  return (definition.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * 2 ** Math.max(0, attempt - 1);
}
