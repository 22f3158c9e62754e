import "server-only";
import { latestJobRunPerKind, listJobRunsForAdmin } from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import { JOB_NAMES, PERIODIC_JOB_NAMES, PERIODIC_JOB_PERIODS } from "@/lib/jobs/job-contracts";
import type { JobListRow, JobSearch, PeriodicJobRow } from "@/lib/jobs/job-list";
import { jobView } from "./background-jobs";

const PAGE = 100;

/** Each periodic job once: how often, its latest run, the next one due. */
async function loadPeriodicJobs(db: Database): Promise<PeriodicJobRow[]> {
  const latest = await latestJobRunPerKind(db, PERIODIC_JOB_NAMES);
  return PERIODIC_JOB_NAMES.map((name) => {
    const everyMs = PERIODIC_JOB_PERIODS[name];
    const row = latest.find((r) => r.kind === name);
    return {
      kind: name,
      everyMs,
      last: row
        ? { status: row.status as JobListRow["status"], createdAt: row.createdAt.toISOString(), error: row.error }
        : null,
      nextAt: row ? new Date(row.createdAt.getTime() + everyMs).toISOString() : null,
      runs: row?.runs ?? 0,
    };
  });
}

/**
 * The admin Jobs page: the periodic jobs grouped, one row each, and the latest 100 jobs matching the
 * filters, newest first, as the APIs see them. The periodic jobs' runs (a ledger anchor every minute)
 * stay out of that list unless asked for (`periodic=shown`) or filtered by their kind.
 */
export async function loadJobsPage(db: Database, search: JobSearch, now = new Date()) {
  const hidePeriodic = search.periodic !== "shown" && !search.kind;
  const [rows, periodic] = await Promise.all([
    listJobRunsForAdmin(db, {
      state: search.state,
      kind: search.kind,
      excludeKinds: hidePeriodic ? PERIODIC_JOB_NAMES : undefined,
      limit: PAGE,
    }),
    loadPeriodicJobs(db),
  ]);
  const jobs = rows.map((row): JobListRow => {
    const view = jobView({ ...row, request: {}, configVersion: null }, now);
    const end = row.finishedAt ?? (view.status === "running" ? now : null);
    return {
      id: row.id,
      kind: row.kind,
      agentKey: row.agentKey,
      status: view.status,
      retries: Math.max(0, row.attempts - 1),
      progress: view.progress,
      error: view.error,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      durationMs: row.startedAt && end ? Math.max(0, end.getTime() - row.startedAt.getTime()) : null,
    };
  });
  return { jobs, periodic, kinds: [...JOB_NAMES], limit: PAGE };
}
