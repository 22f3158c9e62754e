import "server-only";
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { agents, toolApprovals, turns } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// Tool calls waiting for an operator's approval (docs/approvals.md).

export type ApprovalRow = typeof toolApprovals.$inferSelect;
export type ApprovalState = ApprovalRow["state"];
export type ApprovalListRow = ApprovalRow & { agentKey: string; message: string };

export async function insertApproval(
  tx: Transaction,
  row: Omit<typeof toolApprovals.$inferInsert, "id" | "state" | "decidedAt" | "decidedBy" | "reason" | "resumedTurnId">,
): Promise<ApprovalRow> {
  const [inserted] = await tx.insert(toolApprovals).values(row).returning();
  if (!inserted) throw new Error("approval insert returned no row");
  return inserted;
}

export async function getApproval(db: DbOrTx, id: string): Promise<ApprovalRow | null> {
  const [row] = await db.select().from(toolApprovals).where(eq(toolApprovals.id, id));
  return row ?? null;
}

/** A session's approvals, oldest first: the state its event stream reports (docs/handoffs.md#live-events). */
export async function approvalStatesOf(db: DbOrTx, sessionId: string) {
  return db
    .select({ id: toolApprovals.id, state: toolApprovals.state, toolKey: toolApprovals.toolKey })
    .from(toolApprovals)
    .where(eq(toolApprovals.sessionId, sessionId))
    .orderBy(asc(toolApprovals.requestedAt), asc(toolApprovals.id));
}

/** The row locked for a decision; take the session's lock first (the order turns lock in). */
export async function lockApproval(tx: Transaction, id: string): Promise<ApprovalRow | null> {
  const [row] = await tx.select().from(toolApprovals).where(eq(toolApprovals.id, id)).for("update");
  return row ?? null;
}

export async function recordApprovalDecision(
  tx: Transaction,
  id: string,
  decision: { state: Exclude<ApprovalState, "pending">; by: string; reason: string; resumedTurnId: string | null },
): Promise<ApprovalRow> {
  const [row] = await tx
    .update(toolApprovals)
    .set({
      state: decision.state,
      decidedAt: new Date(),
      decidedBy: decision.by,
      reason: decision.reason,
      resumedTurnId: decision.resumedTurnId,
    })
    .where(eq(toolApprovals.id, id))
    .returning();
  if (!row) throw new Error("approval vanished under its lock");
  return row;
}

/**
 * Approvals in one state: pending ones oldest first (the order to answer them in), decided ones newest
 * first. `agentIds` null = every agent; an empty list = none.
 */
export async function listApprovalRows(
  db: DbOrTx,
  filter: { state: ApprovalState; agentIds: string[] | null; limit: number },
): Promise<ApprovalListRow[]> {
  if (filter.agentIds !== null && filter.agentIds.length === 0) return [];
  const conditions = [
    eq(toolApprovals.state, filter.state),
    filter.agentIds ? inArray(toolApprovals.agentId, filter.agentIds) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({ approval: toolApprovals, agentKey: agents.key, message: turns.userMessage })
    .from(toolApprovals)
    .innerJoin(agents, eq(agents.id, toolApprovals.agentId))
    .innerJoin(turns, eq(turns.id, toolApprovals.requestTurnId))
    .where(and(...conditions))
    .orderBy(filter.state === "pending" ? asc(toolApprovals.requestedAt) : desc(toolApprovals.requestedAt))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r.approval, agentKey: r.agentKey, message: r.message }));
}

/** Pending approvals past their expiry, oldest first, at most `limit` (the sweep's batch). */
export async function expiredPendingApprovals(db: DbOrTx, now: Date, limit: number): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(toolApprovals)
    .where(and(eq(toolApprovals.state, "pending"), lte(toolApprovals.expiresAt, now)))
    .orderBy(asc(toolApprovals.expiresAt))
    .limit(limit);
}

/**
 * Pending approvals of the given agents, and how many of them expire by `soon` (the console's amber
 * count). `agentIds` null = every agent; an empty list = none. One range of the (state, expires_at) index.
 */
export async function countPendingApprovals(
  db: DbOrTx,
  agentIds: string[] | null,
  soon: Date,
): Promise<{ pending: number; expiring: number }> {
  if (agentIds !== null && agentIds.length === 0) return { pending: 0, expiring: 0 };
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      expiring: sql<number>`count(*) filter (where ${toolApprovals.expiresAt} <= ${soon.toISOString()})::int`,
    })
    .from(toolApprovals)
    .where(and(eq(toolApprovals.state, "pending"), agentIds ? inArray(toolApprovals.agentId, agentIds) : undefined));
  return { pending: row?.pending ?? 0, expiring: row?.expiring ?? 0 };
}

/** Pending approvals that expire by `soon` and were not warned of yet, soonest first, at most `limit`. */
export async function approvalsToWarn(db: DbOrTx, soon: Date, limit: number): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(toolApprovals)
    .where(and(eq(toolApprovals.state, "pending"), isNull(toolApprovals.warnedAt), lte(toolApprovals.expiresAt, soon)))
    .orderBy(asc(toolApprovals.expiresAt))
    .limit(limit);
}

/**
 * Marks a pending approval warned; false when it was warned or decided meanwhile (another sweep, a
 * decision): the conditional update is the claim, so the warning goes out once.
 */
export async function markApprovalWarned(tx: Transaction, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(toolApprovals)
    .set({ warnedAt: at })
    .where(and(eq(toolApprovals.id, id), eq(toolApprovals.state, "pending"), isNull(toolApprovals.warnedAt)))
    .returning({ id: toolApprovals.id });
  return rows.length > 0;
}

/** The customer's message of the turn that paused: the resumed turn answers it. */
export async function requestMessageOf(db: DbOrTx, turnId: string): Promise<string | null> {
  const [row] = await db.select({ message: turns.userMessage }).from(turns).where(eq(turns.id, turnId));
  return row?.message ?? null;
}

/** The turns that resumed a paused call, of one session: their customer line repeats the paused turn's. */
export async function resumedTurnIdsOf(db: DbOrTx, sessionId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: toolApprovals.resumedTurnId })
    .from(toolApprovals)
    .where(and(eq(toolApprovals.sessionId, sessionId), sql`${toolApprovals.resumedTurnId} is not null`));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}
