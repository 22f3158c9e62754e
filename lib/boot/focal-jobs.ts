import "server-only";
import { pruneEndedPeriodicJobRuns } from "@/db/queries/job-runs";
import { pruneThrottles } from "@/db/queries/sign-in-throttles";
import type { Database } from "@/db/types";
import { expireApprovals } from "@/lib/approvals/server/expire-approvals";
import { warnExpiringApprovals } from "@/lib/approvals/server/warn-expiring-approvals";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { TEST_RUN_JOB } from "@/lib/conversation-tests/server/test-run-job";
import { applyRetention } from "@/lib/customers/server/apply-retention";
import type { OnDemandJobName } from "@/lib/jobs/job-contracts";
import { pruneUnreferencedKnowledge } from "@/lib/knowledge/server/knowledge-store/prune-knowledge";
import { refreshDueKnowledgeSources } from "@/lib/knowledge/server/refresh-knowledge-source";
import { REPLAY_JOB } from "@/lib/replay/server/replay-job";
import type { JobDefinition } from "@/lib/server/jobs/job-queue";
import { type JobRegistry, jobQueueFor } from "@/lib/server/jobs/process-queue";
import { anchorLedger } from "@/lib/server/ledger/anchor-ledger";
import { rollUpDashboards } from "@/lib/traces/server/roll-up-dashboards";
import { rollUpUsage } from "@/lib/usage/server/roll-up-usage";
import { DELIVERY_CONCURRENCY, runWebhookDeliveryJob } from "@/lib/webhooks/server/deliver-webhook";
import { sweepWebhookDeliveries } from "@/lib/webhooks/server/sweep-webhook-deliveries";

// Focal's jobs: what each name (lib/jobs/job-contracts.ts) runs. The only place that knows the
// features' handlers; composeFocal hands it to the queue (lib/server/jobs/process-queue.ts), which
// boot starts.

const MINUTE = 60_000;
// Ended periodic jobs are kept this long in job_runs (the Jobs page shows the latest 100).
const PERIODIC_JOBS_KEPT_MS = 14 * 24 * 60 * MINUTE;

async function applyRetentionAndPruneJobs(db: Database) {
  const retention = await applyRetention(db);
  const pruned = await pruneEndedPeriodicJobRuns(db, new Date(Date.now() - PERIODIC_JOBS_KEPT_MS));
  return { ...retention, periodic_jobs_pruned: pruned, knowledge_pruned: await pruneUnreferencedKnowledge(db) };
}

/**
 * Periodic jobs: the work each runs over every agent, its result kept in job_runs; how often is in
 * PERIODIC_JOB_PERIODS. A periodic job is a line there and a line here.
 */
export const PERIODIC_JOBS: JobRegistry["periodic"] = {
  "dashboard.rollup": (db) => rollUpDashboards(db),
  "usage.rollup": (db) => rollUpUsage(db),
  // url sources past their refresh interval, fetched again; changed text is a version by the system
  // (docs/knowledge.md#refresh).
  "knowledge.refresh": (db) => refreshDueKnowledgeSources(db, SAVE_POLICIES),
  "retention.apply": (db) => applyRetentionAndPruneJobs(db),
  // A Merkle root over the session chains' heads on the global chain (docs/ledger.md).
  "ledger.anchor": async (db) => (await anchorLedger(db)) ?? { anchored: 0 },
  // Webhook deliveries whose dispatch or job was lost (docs/webhooks.md#retries).
  "webhooks.sweep": (db) => sweepWebhookDeliveries(db, jobQueueFor(db)),
  // Pending tool approvals past their expiry, then a warning for those within 5 minutes of it
  // (docs/approvals.md#expiry).
  "approvals.expire": async (db) => ({ ...(await expireApprovals(db)), ...(await warnExpiringApprovals(db)) }),
  // Sign-in and widget rate-limit windows past their expiry (docs/jobs.md): a minute's windows pile up
  // fastest, one per widget session token, so every 5 minutes keeps the table near its live size.
  "throttles.prune": async (db) => ({ pruned: await pruneThrottles(db) }),
};

/** Started on demand: replays, test runs and webhook deliveries (one attempt each; the attempt queues the next). */
const ON_DEMAND_JOBS: Record<OnDemandJobName, JobDefinition> = {
  replay: REPLAY_JOB,
  test_run: TEST_RUN_JOB,
  // Side by side: an attempt waits on its receiver, not the CPU (receiver-slots.ts bounds each receiver).
  "webhook.deliver": {
    handler: (job, { db }) => runWebhookDeliveryJob(job, db, jobQueueFor(db)),
    maxAttempts: 1,
    concurrency: DELIVERY_CONCURRENCY,
  },
};

export const FOCAL_JOBS: JobRegistry = { onDemand: ON_DEMAND_JOBS, periodic: PERIODIC_JOBS };
