import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { jobRuns } from "../schema";
import type { DbOrTx } from "../types";

export async function insertJobRun(
  db: DbOrTx,
  row: { kind: string; agentId: string; request: Record<string, unknown>; createdBy: string; configVersion?: number },
) {
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

export async function markJobRunning(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({ status: "running", updatedAt: new Date() })
    .where(and(eq(jobRuns.id, id), eq(jobRuns.status, "queued"), eq(jobRuns.cancelRequested, false)))
    .returning({ id: jobRuns.id });
  return rows.length > 0;
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
