import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { jobRuns } from "../schema";
import type { DbOrTx } from "../types";

/** The stored parts of a job run that can quote a session: what was asked, what it ran on, what it found. */
export interface JobRunRecord {
  id: string;
  request: Record<string, unknown>;
  payload: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  summary: Record<string, unknown> | null;
  error: string | null;
}

/** Up to `limit` runs of these agents and kinds after `afterId` (by id), results included. */
export async function jobRunRecordsPage(
  db: DbOrTx,
  filter: { agentIds: string[]; kinds: string[]; afterId: string | null; limit: number },
): Promise<JobRunRecord[]> {
  if (filter.agentIds.length === 0) return [];
  return db
    .select({
      id: jobRuns.id,
      request: jobRuns.request,
      payload: jobRuns.payload,
      result: jobRuns.result,
      summary: jobRuns.summary,
      error: jobRuns.error,
    })
    .from(jobRuns)
    .where(
      and(
        inArray(jobRuns.agentId, filter.agentIds),
        inArray(jobRuns.kind, filter.kinds),
        filter.afterId ? gt(jobRuns.id, filter.afterId) : undefined,
      ),
    )
    .orderBy(asc(jobRuns.id))
    .limit(filter.limit);
}

export async function rewriteJobRunRecord(db: DbOrTx, record: JobRunRecord): Promise<void> {
  const { id, ...fields } = record;
  await db.update(jobRuns).set(fields).where(eq(jobRuns.id, id));
}

/**
 * pg-boss keeps its own copy of a job (data, and the error text of a failed attempt as output) under
 * the job run's id, first in `job`, after completion in `archive`; on PGlite neither table exists.
 * Leaves only the pointer to the job run.
 */
export async function redactPgBossJob(db: DbOrTx, id: string): Promise<void> {
  const [tables] = rowsOf<{ job: string | null; archive: string | null }>(
    await db.execute(
      sql`select to_regclass('pgboss.job')::text as job, to_regclass('pgboss.archive')::text as archive`,
    ),
  );
  if (tables?.job) {
    await db.execute(
      sql`update pgboss.job set data = jsonb_build_object('jobRunId', ${id}::text), output = null where id = ${id}::uuid`,
    );
  }
  if (tables?.archive) {
    await db.execute(
      sql`update pgboss.archive set data = jsonb_build_object('jobRunId', ${id}::text), output = null where id = ${id}::uuid`,
    );
  }
}
