import "server-only";
import type { DatabaseHandle } from "@/db/client";
import type { Database } from "@/db/types";
import { PERIODIC_JOB_PERIODS, type PeriodicJobName } from "@/lib/jobs/job-contracts";
import { InProcessQueue } from "./in-process-queue";
import type { JobDefinition, JobQueue } from "./job-queue";
import { PgBossQueue, type PgBossQueueOptions } from "./pg-boss-queue";

// The queue of this process: chosen, started and stopped here, given its handlers by the composition
// root (lib/boot/focal-jobs.ts, installed by composeFocal). Nothing here knows a feature: whoever
// queues a job names it from lib/jobs/job-contracts.ts and calls `jobQueueFor(db).enqueue`.

/** What each job name runs: every on-demand job's definition and every periodic job's work. */
export interface JobRegistry {
  onDemand: Record<string, JobDefinition>;
  periodic: Record<PeriodicJobName, (db: Database) => Promise<object>>;
}

declare global {
  // On globalThis: instrumentation and each route module are separate module graphs in Next.js.
  var __focalJobRegistry: JobRegistry | undefined;
  var __focalJobs: { db: Database; queue: JobQueue } | undefined;
}
const slot = globalThis;

/** The composition root hands the queue its handlers, once per process, before any job is queued. */
export function installJobRegistry(registry: JobRegistry): void {
  slot.__focalJobRegistry = registry;
}

function registerJobs(queue: JobQueue): void {
  const registry = slot.__focalJobRegistry;
  if (!registry) throw new Error("no job handlers installed: composeFocal() (lib/boot/compose.ts) runs first");
  for (const [name, definition] of Object.entries(registry.onDemand)) queue.registerHandler(name, definition);
  for (const [name, run] of Object.entries(registry.periodic)) {
    queue.registerHandler(name, {
      handler: async (_run, { db }) => {
        const result = (await run(db)) as Record<string, unknown>;
        return { result, summary: result };
      },
      maxAttempts: 3,
      retryDelayMs: 30_000,
    });
  }
}

/**
 * The queue of this process's database. One started at boot is used; otherwise (tests, the CLI) an
 * in-process runner on `db`, made on first use, with no schedules.
 */
export function jobQueueFor(db: Database): JobQueue {
  if (slot.__focalJobs?.db === db) return slot.__focalJobs.queue;
  const queue = new InProcessQueue(db);
  registerJobs(queue);
  slot.__focalJobs = { db, queue };
  return queue;
}

/**
 * Boot: pg-boss when the database is a PostgreSQL server, the in-process runner on PGlite; registers
 * every job, schedules the periodic ones, and queues a dashboard rollup now.
 */
export async function startJobQueue(handle: DatabaseHandle, options: PgBossQueueOptions = {}): Promise<JobQueue> {
  await stopJobQueue();
  const queue: JobQueue =
    handle.dialect === "postgres" && handle.url
      ? new PgBossQueue(handle.db, handle.url, options)
      : new InProcessQueue(handle.db);
  registerJobs(queue);
  await queue.start();
  for (const [name, everyMs] of Object.entries(PERIODIC_JOB_PERIODS)) await queue.schedule(name, everyMs);
  slot.__focalJobs = { db: handle.db, queue };
  await queue.enqueue("dashboard.rollup", { request: { reason: "boot" }, createdBy: "system" }, { singleton: true });
  return queue;
}

export async function stopJobQueue(): Promise<void> {
  const current = slot.__focalJobs;
  slot.__focalJobs = undefined;
  await current?.queue.stop();
}

/** Tests wait for the jobs they queued. */
export async function backgroundJobsSettled(): Promise<void> {
  await slot.__focalJobs?.queue.settled();
}
