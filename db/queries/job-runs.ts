import "server-only";
import { and, asc, count, desc, eq, inArray, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import { jobRuns } from "../schema";
import type { DbOrTx } from "../types";

export interface NewJobRun {
  /** Given when the queue already named the job (a scheduled pg-boss job brings its own id). */
  id?: string;
  kind: string;
  agentId?: string | null;
  request: Record<string, unknown>;
  payload?: Record<string, unknown> | null;
  createdBy: string;
  configVersion?: number;
  maxAttempts?: number;
}

export async function insertJobRun(db: DbOrTx, row: NewJobRun) {
  const [run] = await db.insert(jobRuns).values(row).returning();
  if (!run) throw new Error("job run insert returned nothing");
  return run;
}

export async function getJobRun(db: DbOrTx, id: string, kind: string) {
  const [run] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.id, id), eq(jobRuns.kind, kind)));
  return run ?? null;
}

/** An agent's latest runs of a kind, without their results (a history list). */
export async function listJobRuns(db: DbOrTx, agentId: string, kind: string, limit = 20) {
  return db
    .select({
      id: jobRuns.id,
      status: jobRuns.status,
      request: jobRuns.request,
      done: jobRuns.done,
      total: jobRuns.total,
      configVersion: jobRuns.configVersion,
      summary: jobRuns.summary,
      error: jobRuns.error,
      createdBy: jobRuns.createdBy,
      createdAt: jobRuns.createdAt,
      updatedAt: jobRuns.updatedAt,
      finishedAt: jobRuns.finishedAt,
      attempts: jobRuns.attempts,
      maxAttempts: jobRuns.maxAttempts,
    })
    .from(jobRuns)
    .where(and(eq(jobRuns.agentId, agentId), eq(jobRuns.kind, kind)))
    .orderBy(desc(jobRuns.createdAt))
    .limit(limit);
}

/** Progress of a running job; returns whether a cancel was asked for meanwhile. */
export async function updateJobProgress(db: DbOrTx, id: string, done: number, total: number): Promise<boolean> {
  const [row] = await db
    .update(jobRuns)
    .set({ status: "running", done, total, updatedAt: new Date() })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, "running")))
    .returning({ cancel: jobRuns.cancelRequested });
  return row?.cancel ?? true;
}

/** Whether a cancel was asked for a running job (or it no longer runs here). */
export async function jobCancelRequested(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ cancel: jobRuns.cancelRequested, status: jobRuns.status })
    .from(jobRuns)
    .where(eq(jobRuns.id, id));
  return !row || row.cancel || row.status !== "running";
}

/** Queued or running jobs of these kinds started by `createdBy`, and on `agentId`. */
export async function countOpenJobRuns(
  db: DbOrTx,
  kinds: string[],
  by: { createdBy: string; agentId: string },
): Promise<{ byCreator: number; onAgent: number }> {
  const [row] = await db
    .select({
      byCreator: sql<number>`count(*) filter (where ${jobRuns.createdBy} = ${by.createdBy})`.mapWith(Number),
      onAgent: sql<number>`count(*) filter (where ${jobRuns.agentId} = ${by.agentId})`.mapWith(Number),
    })
    .from(jobRuns)
    .where(and(inArray(jobRuns.kind, kinds), inArray(jobRuns.status, ["queued", "running"])));
  return { byCreator: row?.byCreator ?? 0, onAgent: row?.onAgent ?? 0 };
}

/** A scheduled job's row, made when the queue hands it over the first time (a retry finds it). */
export async function ensureJobRun(db: DbOrTx, row: NewJobRun & { id: string }) {
  await db.insert(jobRuns).values(row).onConflictDoNothing();
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.id, row.id));
  if (!run) throw new Error("job run upsert returned nothing");
  return run;
}

/** A running job whose instance stopped touching it for this long is taken for lost. */
function lostBefore(lostAfterMs: number): SQL {
  return sql`${jobRuns.updatedAt} < ${new Date(Date.now() - lostAfterMs).toISOString()}::timestamptz`;
}

/**
 * Takes a job for this instance: a queued one (not cancelled), or a running one whose instance was
 * lost. Counts the attempt. Null when another instance has it, it ended, or it was cancelled.
 */
export async function claimJobRun(db: DbOrTx, id: string, lostAfterMs: number) {
  const now = new Date();
  const [run] = await db
    .update(jobRuns)
    .set({
      status: "running",
      attempts: sql`${jobRuns.attempts} + 1`,
      startedAt: now,
      updatedAt: now,
      error: null,
    })
    .where(
      and(
        eq(jobRuns.id, id),
        eq(jobRuns.cancelRequested, false),
        or(eq(jobRuns.status, "queued"), and(eq(jobRuns.status, "running"), lostBefore(lostAfterMs))),
      ),
    )
    .returning();
  return run ?? null;
}

/** The next job this instance may run: due queued jobs first-come, or a lost running one. */
export async function nextRunnableJob(
  db: DbOrTx,
  kinds: string[],
  lostAfterMs: number,
  /** Jobs this runner has started already (not yet claimed, or heartbeating). */
  runningHere: readonly string[] = [],
): Promise<{ id: string; kind: string } | null> {
  if (kinds.length === 0) return null;
  const [row] = await db
    .select({ id: jobRuns.id, kind: jobRuns.kind })
    .from(jobRuns)
    .where(
      and(
        inArray(jobRuns.kind, kinds),
        runningHere.length > 0 ? notInArray(jobRuns.id, [...runningHere]) : undefined,
        or(
          and(eq(jobRuns.status, "queued"), lte(jobRuns.runAfter, new Date())),
          and(eq(jobRuns.status, "running"), lostBefore(lostAfterMs)),
        ),
      ),
    )
    .orderBy(asc(jobRuns.runAfter), asc(jobRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** When the next queued job of these kinds is due (null: none queued). */
export async function nextDueAt(db: DbOrTx, kinds: string[]): Promise<Date | null> {
  if (kinds.length === 0) return null;
  const [row] = await db
    .select({ at: sql<string | Date | null>`min(${jobRuns.runAfter})` })
    .from(jobRuns)
    .where(and(inArray(jobRuns.kind, kinds), eq(jobRuns.status, "queued")));
  return row?.at ? new Date(row.at) : null;
}

/** Whether a job of this kind is waiting or running (a periodic job is not queued twice). */
export async function hasOpenJobRun(db: DbOrTx, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ id: jobRuns.id })
    .from(jobRuns)
    .where(and(eq(jobRuns.kind, kind), inArray(jobRuns.status, ["queued", "running"])))
    .limit(1);
  return Boolean(row);
}

/** The running job is alive: its instance touches it between progress reports. */
export async function touchJobRun(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(jobRuns)
    .set({ updatedAt: new Date() })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, "running")));
}

/** A failed attempt with attempts left: back in the queue after `delayMs`, its error kept. */
export async function requeueJobRun(db: DbOrTx, id: string, error: string, delayMs: number): Promise<void> {
  const now = new Date();
  await db
    .update(jobRuns)
    .set({ status: "queued", error, updatedAt: now, runAfter: new Date(now.getTime() + delayMs) })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, "running")));
}

/** Running jobs of these kinds go back to the queue (the only instance on PGlite starts; none is running). */
export async function requeueRunningJobs(db: DbOrTx, kinds: string[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .update(jobRuns)
    .set({ status: "queued", updatedAt: new Date() })
    .where(and(inArray(jobRuns.kind, kinds), eq(jobRuns.status, "running")));
}

const JOB_LIST_STATES = ["queued", "running", "done", "failed", "cancelled", "retried"] as const;
export type JobListState = (typeof JOB_LIST_STATES)[number];

/** The admin Jobs page: the latest jobs of every kind, newest first, without results or payloads. */
export async function listJobRunsForAdmin(
  db: DbOrTx,
  filter: { state?: JobListState; kind?: string; excludeKinds?: string[]; limit?: number },
) {
  const where: SQL[] = [];
  if (filter.excludeKinds?.length) where.push(notInArray(jobRuns.kind, filter.excludeKinds));
  if (filter.state === "retried") where.push(sql`${jobRuns.attempts} > 1`);
  else if (filter.state) where.push(eq(jobRuns.status, filter.state));
  if (filter.kind) where.push(eq(jobRuns.kind, filter.kind));
  return db
    .select({
      id: jobRuns.id,
      kind: jobRuns.kind,
      agentId: jobRuns.agentId,
      agentKey: sql<string | null>`(select a.key from agents a where a.id = ${jobRuns.agentId})`,
      status: jobRuns.status,
      attempts: jobRuns.attempts,
      maxAttempts: jobRuns.maxAttempts,
      done: jobRuns.done,
      total: jobRuns.total,
      summary: jobRuns.summary,
      error: jobRuns.error,
      createdBy: jobRuns.createdBy,
      createdAt: jobRuns.createdAt,
      startedAt: jobRuns.startedAt,
      updatedAt: jobRuns.updatedAt,
      finishedAt: jobRuns.finishedAt,
    })
    .from(jobRuns)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(jobRuns.createdAt))
    .limit(filter.limit ?? 100);
}

export async function finishJobRun(
  db: DbOrTx,
  id: string,
  end: {
    status: "done" | "failed" | "cancelled";
    result?: Record<string, unknown>;
    summary?: Record<string, unknown>;
    error?: string;
  },
) {
  const now = new Date();
  await db
    .update(jobRuns)
    .set({
      status: end.status,
      result: end.result ?? null,
      summary: end.summary ?? null,
      error: end.error ?? null,
      payload: null,
      updatedAt: now,
      finishedAt: now,
    })
    .where(eq(jobRuns.id, id));
}

/** Stops a queued job at once and asks a running one to stop; false when it had already finished. */
export async function requestJobCancel(db: DbOrTx, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(jobRuns)
    .set({
      cancelRequested: true,
      status: sql`case when ${jobRuns.status} = 'queued' then 'cancelled' else ${jobRuns.status} end`,
      // An ISO string with a cast: the postgres driver cannot bind a Date inside raw SQL.
      finishedAt: sql`case when ${jobRuns.status} = 'queued' then ${now.toISOString()}::timestamptz else ${jobRuns.finishedAt} end`,
      updatedAt: now,
    })
    .where(and(eq(jobRuns.id, id), sql`${jobRuns.status} in ('queued', 'running')`))
    .returning({ id: jobRuns.id });
  return rows.length > 0;
}

/** Ended instance-wide jobs (rollups, retention: no agent) older than `before`: periodic jobs add rows every few minutes. */
export async function pruneEndedPeriodicJobRuns(db: DbOrTx, before: Date): Promise<number> {
  const rows = await db
    .delete(jobRuns)
    .where(
      and(
        sql`${jobRuns.agentId} is null`,
        inArray(jobRuns.status, ["done", "failed", "cancelled"]),
        lte(jobRuns.createdAt, before),
      ),
    )
    .returning({ id: jobRuns.id });
  return rows.length;
}

/** Per kind, its latest run and how many runs are kept: the periodic jobs' summary on the Jobs page. */
export async function latestJobRunPerKind(db: DbOrTx, kinds: string[]) {
  if (kinds.length === 0) return [];
  const [latest, counts] = await Promise.all([
    db
      .selectDistinctOn([jobRuns.kind], {
        kind: jobRuns.kind,
        status: jobRuns.status,
        attempts: jobRuns.attempts,
        maxAttempts: jobRuns.maxAttempts,
        error: jobRuns.error,
        createdAt: jobRuns.createdAt,
      })
      .from(jobRuns)
      .where(inArray(jobRuns.kind, kinds))
      .orderBy(jobRuns.kind, desc(jobRuns.createdAt)),
    db
      .select({ kind: jobRuns.kind, runs: count() })
      .from(jobRuns)
      .where(inArray(jobRuns.kind, kinds))
      .groupBy(jobRuns.kind),
  ]);
  return latest.map((row) => ({ ...row, runs: counts.find((c) => c.kind === row.kind)?.runs ?? 0 }));
}
