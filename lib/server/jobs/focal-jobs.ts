import "server-only";
import type { DatabaseHandle } from "@/db/client";
import { pruneEndedPeriodicJobRuns } from "@/db/queries/job-runs";
import { pruneThrottles } from "@/db/queries/sign-in-throttles";
import type { Database } from "@/db/types";
import { expireApprovals } from "@/lib/approvals/server/expire-approvals";
import { warnExpiringApprovals } from "@/lib/approvals/server/warn-expiring-approvals";
import { TEST_RUN_JOB } from "@/lib/conversation-tests/server/test-run-job";
import { REPLAY_JOB } from "@/lib/replay/server/replay-job";
import { DELIVERY_CONCURRENCY, runWebhookDeliveryJob } from "@/lib/webhooks/server/deliver-webhook";
import { sweepWebhookDeliveries } from "@/lib/webhooks/server/sweep-webhook-deliveries";
import { anchorLedger, LEDGER_ANCHOR_INTERVAL_MS } from "../ledger/anchor-ledger";
import { applyRetention } from "../retention/apply-retention";
import { rollUpDashboards } from "../traces/roll-up-dashboards";
import { InProcessQueue } from "./in-process-queue";
import type { JobDefinition, JobQueue } from "./job-queue";
import { PgBossQueue, type PgBossQueueOptions } from "./pg-boss-queue";

// Focal's jobs: what each name runs, and which run on a schedule. The queue (pg-boss on PostgreSQL,
// the in-process runner on PGlite) is chosen, started and given these at boot.

const MINUTE = 60_000;
// Ended periodic jobs are kept this long in job_runs (the Jobs page shows the latest 100).
const PERIODIC_JOBS_KEPT_MS = 14 * 24 * 60 * MINUTE;

async function applyRetentionAndPruneJobs(db: Database) {
  const retention = await applyRetention(db);
  const pruned = await pruneEndedPeriodicJobRuns(db, new Date(Date.now() - PERIODIC_JOBS_KEPT_MS));
  return { ...retention, periodic_jobs_pruned: pruned };
}

/**
 * Periodic jobs: a name, how often, and the work (over every agent; its result is kept in job_runs).
 * One line each; a periodic job is added here and nowhere else.
 */
export const PERIODIC_JOBS: { name: string; everyMs: number; run: (db: Database) => Promise<object> }[] = [
  { name: "dashboard.rollup", everyMs: 10 * MINUTE, run: (db) => rollUpDashboards(db) },
  { name: "retention.apply", everyMs: 24 * 60 * MINUTE, run: (db) => applyRetentionAndPruneJobs(db) },
  // A Merkle root over the session chains' heads on the global chain (docs/ledger.md).
  {
    name: "ledger.anchor",
    everyMs: LEDGER_ANCHOR_INTERVAL_MS,
    run: async (db) => (await anchorLedger(db)) ?? { anchored: 0 },
  },
  // Webhook deliveries whose dispatch or job was lost (docs/webhooks.md#retries).
  { name: "webhooks.sweep", everyMs: 10 * MINUTE, run: (db) => sweepWebhookDeliveries(db, jobQueueFor(db)) },
  // Pending tool approvals past their expiry, then a warning for those within 5 minutes of it
  // (docs/approvals.md#expiry); the shortest expiry is 1 minute.
  {
    name: "approvals.expire",
    everyMs: MINUTE,
    run: async (db) => ({ ...(await expireApprovals(db)), ...(await warnExpiringApprovals(db)) }),
  },
  // Sign-in and widget rate-limit windows past their expiry (docs/jobs.md): a minute's windows pile up
  // fastest, one per widget session token, so every 5 minutes keeps the table near its live size.
  { name: "throttles.prune", everyMs: 5 * MINUTE, run: async (db) => ({ pruned: await pruneThrottles(db) }) },
];

/** Started on demand: replays, test runs and webhook deliveries (one attempt each; the attempt queues the next). */
const ON_DEMAND_JOBS: Record<string, JobDefinition> = {
  replay: REPLAY_JOB,
  test_run: TEST_RUN_JOB,
  // Side by side: an attempt waits on its receiver, not the CPU (receiver-slots.ts bounds each receiver).
  "webhook.deliver": {
    handler: (job, { db }) => runWebhookDeliveryJob(job, db, jobQueueFor(db)),
    maxAttempts: 1,
    concurrency: DELIVERY_CONCURRENCY,
  },
};

export const JOB_KINDS = [...Object.keys(ON_DEMAND_JOBS), ...PERIODIC_JOBS.map((job) => job.name)];

function registerFocalJobs(queue: JobQueue): void {
  for (const [name, definition] of Object.entries(ON_DEMAND_JOBS)) queue.registerHandler(name, definition);
  for (const job of PERIODIC_JOBS) {
    queue.registerHandler(job.name, {
      handler: async (_run, { db }) => {
        const result = (await job.run(db)) as Record<string, unknown>;
        return { result, summary: result };
      },
      maxAttempts: 3,
      retryDelayMs: 30_000,
    });
  }
}

declare global {
  var __focalJobs: { db: Database; queue: JobQueue } | undefined;
}
const slot = globalThis;

/**
 * The queue of this process's database. One started at boot is used; otherwise (tests, the CLI) an
 * in-process runner on `db`, made on first use, with no schedules.
 */
export function jobQueueFor(db: Database): JobQueue {
  if (slot.__focalJobs?.db === db) return slot.__focalJobs.queue;
  const queue = new InProcessQueue(db);
  registerFocalJobs(queue);
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
  registerFocalJobs(queue);
  await queue.start();
  for (const job of PERIODIC_JOBS) await queue.schedule(job.name, job.everyMs);
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
