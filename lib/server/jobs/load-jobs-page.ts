import "server-only";
import { listJobRunsForAdmin } from "@/db/queries/job-runs";
import type { Database } from "@/db/types";
import type { JobListRow, JobSearch } from "@/lib/jobs/job-list";
import { jobView } from "./background-jobs";
import { JOB_KINDS } from "./focal-jobs";

const PAGE = 100;

/** The admin Jobs page: the latest 100 jobs matching the filters, newest first, as the APIs see them. */
export async function loadJobsPage(db: Database, search: JobSearch, now = new Date()) {
  const rows = await listJobRunsForAdmin(db, { state: search.state, kind: search.kind, limit: PAGE });
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
  return { jobs, kinds: JOB_KINDS, limit: PAGE };
}
