import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { jobRuns, sessions, turns } from "../schema";
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

// A few thousand ids per statement keeps far below PostgreSQL's 65,535 bind parameters.
const CHUNK = 5_000;

/**
 * Which of these session and turn ids still exist, each row locked FOR SHARE until the transaction
 * ends: a deletion of one waits for it (and then finds the report it must clean), or went first and
 * the row is not returned.
 */
export async function existingSessionAndTurnIds(
  db: DbOrTx,
  ids: { sessionIds: string[]; turnIds: string[] },
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.sessionIds.length; i += CHUNK) {
    const chunk = ids.sessionIds.slice(i, i + CHUNK);
    const rows = await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, chunk)).for("share");
    for (const row of rows) found.add(row.id.toLowerCase());
  }
  for (let i = 0; i < ids.turnIds.length; i += CHUNK) {
    const chunk = ids.turnIds.slice(i, i + CHUNK);
    const rows = await db.select({ id: turns.id }).from(turns).where(inArray(turns.id, chunk)).for("share");
    for (const row of rows) found.add(row.id.toLowerCase());
  }
  return found;
}
