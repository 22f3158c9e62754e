import { z } from "zod";

// Focal's jobs as a contract (client-safe): every job's name, the periodic ones' periods, and the
// request a job carries where it is plain data. Whoever queues a job imports this and the queue's
// interface (lib/server/jobs/job-queue.ts), never the handler: which handler runs a name is decided
// once, by the composition root (lib/boot/focal-jobs.ts).

const MINUTE = 60_000;

/** Jobs started on demand: replays, test runs and webhook deliveries (one attempt each). */
const ON_DEMAND_JOB_NAMES = ["replay", "test_run", "webhook.deliver"] as const;
export type OnDemandJobName = (typeof ON_DEMAND_JOB_NAMES)[number];

/**
 * Periodic jobs and how often each runs (over every agent; its result is kept in job_runs). On pg-boss
 * a period becomes a cron expression, at least a minute.
 */
export const PERIODIC_JOB_PERIODS = {
  "dashboard.rollup": 10 * MINUTE,
  // GET …/usage's closed days (docs/pipeline.md#reading-cost): a day becomes rollable an hour after it ends.
  "usage.rollup": 10 * MINUTE,
  // url sources are refreshed hourly at most (KNOWLEDGE_REFRESH_HOURS), so a due one waits at most 15 minutes.
  "knowledge.refresh": 15 * MINUTE,
  "retention.apply": 24 * 60 * MINUTE,
  // A Merkle root over the session chains' heads: the unanchored window an attacker gets (docs/ledger.md).
  "ledger.anchor": MINUTE,
  "webhooks.sweep": 10 * MINUTE,
  // The shortest approval expiry is 1 minute (docs/approvals.md#expiry).
  "approvals.expire": MINUTE,
  "throttles.prune": 5 * MINUTE,
} as const;
export type PeriodicJobName = keyof typeof PERIODIC_JOB_PERIODS;

export const PERIODIC_JOB_NAMES = Object.keys(PERIODIC_JOB_PERIODS) as PeriodicJobName[];

export type JobName = OnDemandJobName | PeriodicJobName;

/** Every job's name: the on-demand ones, then the periodic ones. */
export const JOB_NAMES: readonly JobName[] = [...ON_DEMAND_JOB_NAMES, ...PERIODIC_JOB_NAMES];

/** What a `webhook.deliver` job carries (its request; it has no payload): one attempt at one delivery. */
export const WebhookDeliveryRequest = z.object({ delivery_id: z.string(), attempt: z.number().int().min(1) });
export type WebhookDeliveryRequest = z.infer<typeof WebhookDeliveryRequest>;
