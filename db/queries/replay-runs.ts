import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { replayRuns } from "../schema";
import type { DbOrTx } from "../types";

export async function insertReplayRun(
  db: DbOrTx,
  row: { agentId: string; mode: string; request: Record<string, unknown>; createdBy: string },
) {
  const [run] = await db.insert(replayRuns).values(row).returning();
  if (!run) throw new Error("replay run insert returned nothing");
  return run;
}

export async function getReplayRun(db: DbOrTx, id: string) {
  const [run] = await db.select().from(replayRuns).where(eq(replayRuns.id, id));
  return run ?? null;
}

export async function listReplayRuns(db: DbOrTx, agentId: string, limit = 20) {
  return db
    .select({
      id: replayRuns.id,
      status: replayRuns.status,
      mode: replayRuns.mode,
      request: replayRuns.request,
      done: replayRuns.done,
      total: replayRuns.total,
      createdBy: replayRuns.createdBy,
      createdAt: replayRuns.createdAt,
      finishedAt: replayRuns.finishedAt,
    })
    .from(replayRuns)
    .where(eq(replayRuns.agentId, agentId))
    .orderBy(desc(replayRuns.createdAt))
    .limit(limit);
}

/** Progress of a running run; returns whether a cancel was asked for meanwhile. */
export async function updateReplayProgress(db: DbOrTx, id: string, done: number, total: number): Promise<boolean> {
  const [row] = await db
    .update(replayRuns)
    .set({ status: "running", done, total, updatedAt: new Date() })
    .where(eq(replayRuns.id, id))
    .returning({ cancel: replayRuns.cancelRequested });
  return row?.cancel ?? false;
}

export async function finishReplayRun(
  db: DbOrTx,
  id: string,
  end: { status: "done" | "failed" | "cancelled"; report?: Record<string, unknown>; error?: string },
) {
  const now = new Date();
  await db
    .update(replayRuns)
    .set({ status: end.status, report: end.report ?? null, error: end.error ?? null, updatedAt: now, finishedAt: now })
    .where(eq(replayRuns.id, id));
}

/** Stops a queued run at once and asks a running one to stop; false when it had already finished. */
export async function requestReplayCancel(db: DbOrTx, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(replayRuns)
    .set({
      cancelRequested: true,
      status: sql`case when ${replayRuns.status} = 'queued' then 'cancelled' else ${replayRuns.status} end`,
      finishedAt: sql`case when ${replayRuns.status} = 'queued' then ${now} else ${replayRuns.finishedAt} end`,
      updatedAt: now,
    })
    .where(and(eq(replayRuns.id, id), sql`${replayRuns.status} in ('queued', 'running')`))
    .returning({ id: replayRuns.id });
  return rows.length > 0;
}
