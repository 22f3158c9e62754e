import { z } from "zod";
import type { JobName } from "./job-contracts";

// The admin Jobs page (client-safe): its URL filters (?state=&kind=) and the row it shows. A value
// that does not parse is ignored, not an error page.

export const JOB_STATES = ["queued", "running", "done", "failed", "cancelled", "retried"] as const;

export const JOB_KIND_LABELS: Record<string, string> = {
  replay: "Replay",
  test_run: "Test run",
  "dashboard.rollup": "Dashboard rollup",
  "usage.rollup": "Usage rollup",
  "knowledge.refresh": "Knowledge refresh",
  "retention.apply": "Retention",
  "ledger.anchor": "Ledger anchor",
  "webhook.deliver": "Webhook delivery",
  "webhooks.sweep": "Webhook sweep",
  "approvals.expire": "Approval expiry",
  "throttles.prune": "Rate-limit cleanup",
} satisfies Record<JobName, string>;

export const JobSearch = z.object({
  state: z.enum(JOB_STATES).optional().catch(undefined),
  kind: z.string().min(1).max(64).optional().catch(undefined),
  /** `?periodic=shown`: the periodic jobs' runs in the list too (one a minute would swamp it otherwise). */
  periodic: z.literal("shown").optional().catch(undefined),
});
export type JobSearch = z.infer<typeof JobSearch>;

export function parseJobSearch(params: Record<string, string | string[] | undefined>): JobSearch {
  const first = Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value || undefined]),
  );
  return JobSearch.parse(first);
}

export interface JobListRow {
  id: string;
  kind: string;
  agentKey: string | null;
  status: "queued" | "running" | "done" | "failed" | "cancelled";
  /** Attempts after the first. */
  retries: number;
  progress: { done: number; total: number };
  error: string | null;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** finished − started, or so far for a running job; null before it starts. */
  durationMs: number | null;
}

/** A periodic job on the Jobs page: how often it runs, its latest run and when the next is due. */
export interface PeriodicJobRow {
  kind: string;
  everyMs: number;
  last: { status: JobListRow["status"]; createdAt: string; error: string | null } | null;
  /** The latest run's start plus the interval (the scheduler's own clock may differ by a few seconds). */
  nextAt: string | null;
  /** Runs kept in the list (pruned after 14 days by retention). */
  runs: number;
}

/** "every minute", "every 10 minutes", "every day". */
export function everyText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? "every day" : `every ${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return minutes === 60 ? "every hour" : `every ${minutes / 60} hours`;
  return minutes === 1 ? "every minute" : `every ${minutes} minutes`;
}

/** "850 ms", "4.2 s", "3 min 5 s", "2 h 4 min". */
export function formatDuration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
