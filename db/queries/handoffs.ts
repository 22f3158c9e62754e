import "server-only";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { agents, customerProfiles, handoffs, sessionMessages, sessions, turns } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// Handoffs, the session's mode and the operator and system messages of a transcript (docs/handoffs.md).

export type HandoffRow = typeof handoffs.$inferSelect;
export type SessionMessageRow = typeof sessionMessages.$inferSelect;
export type SessionMode = (typeof sessions.$inferSelect)["mode"];
type HandoffReason = HandoffRow["reason"];

/** The session's mode and pending return note with its row locked until the transaction ends; null when gone. */
export async function lockSessionMode(tx: Transaction, sessionId: string) {
  const [row] = await tx
    .select({ id: sessions.id, agentId: sessions.agentId, mode: sessions.mode, operatorNote: sessions.operatorNote })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for("update");
  return row ?? null;
}

export async function setSessionMode(
  tx: Transaction,
  sessionId: string,
  mode: SessionMode,
  operatorNote?: string | null,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ mode, ...(operatorNote !== undefined ? { operatorNote } : {}), updatedAt: new Date() })
    .where(eq(sessions.id, sessionId));
}

/** The note was handed to the turn that just ran: it is told once. */
export async function clearOperatorNote(tx: Transaction, sessionId: string): Promise<void> {
  await tx.update(sessions).set({ operatorNote: null }).where(eq(sessions.id, sessionId));
}

export async function insertHandoff(
  tx: Transaction,
  row: {
    sessionId: string;
    agentId: string;
    reason: HandoffReason;
    detail: string;
    requestTurnId: string | null;
    requestedBy: string;
  },
): Promise<HandoffRow> {
  const [inserted] = await tx.insert(handoffs).values(row).returning();
  if (!inserted) throw new Error("handoff insert returned no row");
  return inserted;
}

/**
 * A follow-up still open becomes the session's handoff to a person (docs/handoffs.md): the new reason
 * and detail, requested now (the customer waits from now on). The unique open index keeps one row.
 */
export async function reuseHandoffRow(
  tx: Transaction,
  id: string,
  row: { reason: HandoffReason; detail: string; requestTurnId: string | null; requestedBy: string },
): Promise<HandoffRow> {
  const [updated] = await tx
    .update(handoffs)
    .set({ ...row, requestedAt: sql`now()` })
    .where(eq(handoffs.id, id))
    .returning();
  if (!updated) throw new Error("reused handoff vanished");
  return updated;
}

export async function getHandoff(db: DbOrTx, id: string): Promise<HandoffRow | null> {
  const [row] = await db.select().from(handoffs).where(eq(handoffs.id, id));
  return row ?? null;
}

/** The handoff with its row locked (take the session's lock first: turns lock in that order). */
export async function lockHandoff(tx: Transaction, id: string): Promise<HandoffRow | null> {
  const [row] = await tx.select().from(handoffs).where(eq(handoffs.id, id)).for("update");
  return row ?? null;
}

/** The session's handoff that is not closed yet, if any (at most one: a unique partial index). */
export async function openHandoffOf(db: DbOrTx, sessionId: string): Promise<HandoffRow | null> {
  const [row] = await db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.sessionId, sessionId), ne(handoffs.state, "closed")));
  return row ?? null;
}

export async function claimHandoffRow(tx: Transaction, id: string, by: { name: string; id: string | null }) {
  await tx
    .update(handoffs)
    .set({ state: "claimed", claimedBy: by.name, claimedById: by.id, claimedAt: sql`now()` })
    .where(eq(handoffs.id, id));
}

export async function closeHandoffRow(tx: Transaction, id: string, returnNote: string | null) {
  await tx.update(handoffs).set({ state: "closed", returnNote, closedAt: sql`now()` }).where(eq(handoffs.id, id));
}

export interface HandoffListRow extends HandoffRow {
  agentKey: string;
  /** requested_at as PostgreSQL prints it: the keyset cursor keeps its microseconds. */
  requestedAtText: string;
}

/**
 * A page of handoffs, oldest request first (the queue's order), keyset on (requested_at, id).
 * `agentIds` null = every agent; an empty list = none.
 */
export async function listHandoffRows(
  db: DbOrTx,
  filter: {
    state?: HandoffRow["state"];
    agentIds: string[] | null;
    after?: { createdAt: string; id: string };
    limit: number;
  },
): Promise<HandoffListRow[]> {
  if (filter.agentIds !== null && filter.agentIds.length === 0) return [];
  const conditions = [
    filter.state ? eq(handoffs.state, filter.state) : undefined,
    filter.agentIds ? inArray(handoffs.agentId, filter.agentIds) : undefined,
    filter.after
      ? sql`(${handoffs.requestedAt}, ${handoffs.id}) > (${filter.after.createdAt}::timestamptz, ${filter.after.id}::uuid)`
      : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({ handoff: handoffs, agentKey: agents.key, requestedAtText: sql<string>`${handoffs.requestedAt}::text` })
    .from(handoffs)
    .innerJoin(agents, eq(agents.id, handoffs.agentId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(handoffs.requestedAt), asc(handoffs.id))
    .limit(filter.limit);
  return rows.map((r) => ({ ...r.handoff, agentKey: r.agentKey, requestedAtText: r.requestedAtText }));
}

export async function insertSessionMessage(
  tx: Transaction,
  row: {
    sessionId: string;
    agentId: string;
    handoffId: string | null;
    kind: SessionMessageRow["kind"];
    event: string | null;
    text: string;
    actor: string;
  },
): Promise<SessionMessageRow> {
  const [inserted] = await tx.insert(sessionMessages).values(row).returning();
  if (!inserted) throw new Error("session message insert returned no row");
  return inserted;
}

/** The transcript's operator and system lines: internal notes are not part of what the customer sees. */
export async function sessionMessagesOf(db: DbOrTx, sessionId: string): Promise<SessionMessageRow[]> {
  return db
    .select()
    .from(sessionMessages)
    .where(and(eq(sessionMessages.sessionId, sessionId), ne(sessionMessages.kind, "note")))
    .orderBy(asc(sessionMessages.createdAt), asc(sessionMessages.id));
}

/** Operators' internal notes on a session, oldest first. */
export async function sessionNotesOf(db: DbOrTx, sessionId: string): Promise<SessionMessageRow[]> {
  return db
    .select()
    .from(sessionMessages)
    .where(and(eq(sessionMessages.sessionId, sessionId), eq(sessionMessages.kind, "note")))
    .orderBy(asc(sessionMessages.createdAt), asc(sessionMessages.id));
}

/**
 * The inbox queue: open handoffs (waiting and claimed) of the given agents, oldest request first, with
 * the agent's name and settings (for its waiting target) and the session's customer reference.
 * `agentIds` null = every agent. 500 rows bound the page; a longer queue is a staffing problem.
 */
export async function openHandoffQueue(db: DbOrTx, agentIds: string[] | null) {
  if (agentIds !== null && agentIds.length === 0) return [];
  return db
    .select({
      handoff: handoffs,
      agentKey: agents.key,
      agentName: agents.name,
      agentSettings: agents.settings,
      customerRef: customerProfiles.customerRef,
      channel: sessions.channel,
    })
    .from(handoffs)
    .innerJoin(agents, eq(agents.id, handoffs.agentId))
    .innerJoin(sessions, eq(sessions.id, handoffs.sessionId))
    .leftJoin(customerProfiles, eq(customerProfiles.id, sessions.customerProfileId))
    .where(and(ne(handoffs.state, "closed"), agentIds ? inArray(handoffs.agentId, agentIds) : undefined))
    .orderBy(asc(handoffs.requestedAt), asc(handoffs.id))
    .limit(500);
}

/** Waiting handoffs of the given agents (the sidebar's badge). */
export async function countWaitingHandoffs(db: DbOrTx, agentIds: string[] | null): Promise<number> {
  if (agentIds !== null && agentIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(handoffs)
    .where(and(eq(handoffs.state, "waiting"), agentIds ? inArray(handoffs.agentId, agentIds) : undefined));
  return row?.n ?? 0;
}

/**
 * Conversations `operatorId` holds (claimed) whose customer wrote after the operator's last reply, or
 * after the claim when there is none yet: the sidebar's unread count. A customer message while a person
 * holds the session is a turn (outcome queued_for_human), so "wrote" is a turn newer than the reply.
 */
export async function countUnreadClaims(db: DbOrTx, agentIds: string[] | null, operatorId: string): Promise<number> {
  if (agentIds !== null && agentIds.length === 0) return 0;
  const lastReply = sql`(select max(${sessionMessages.createdAt}) from ${sessionMessages}
    where ${sessionMessages.sessionId} = ${handoffs.sessionId} and ${sessionMessages.kind} = 'operator')`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(handoffs)
    .where(
      and(
        eq(handoffs.state, "claimed"),
        eq(handoffs.claimedById, operatorId),
        agentIds ? inArray(handoffs.agentId, agentIds) : undefined,
        sql`exists (select 1 from ${turns} where ${turns.sessionId} = ${handoffs.sessionId}
          and ${turns.createdAt} > greatest(${handoffs.claimedAt}, coalesce(${lastReply}, ${handoffs.claimedAt})))`,
      ),
    );
  return row?.n ?? 0;
}

/** The session's turns as transcript lines: who said what, in turn order. */
export async function transcriptTurns(db: DbOrTx, sessionId: string) {
  return db
    .select({
      id: turns.id,
      turnIndex: turns.turnIndex,
      userMessage: turns.userMessage,
      response: turns.response,
      outcome: turns.outcome,
      createdAt: turns.createdAt,
    })
    .from(turns)
    .where(eq(turns.sessionId, sessionId))
    .orderBy(asc(turns.turnIndex));
}

/** Each session's last change (`updated_at`, every turn and handoff step bumps it), for the cross-instance poll. */
export async function sessionsChangedAt(db: DbOrTx, ids: string[]): Promise<{ id: string; changedAt: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: sessions.id, changedAt: sql<string>`${sessions.updatedAt}::text` })
    .from(sessions)
    .where(inArray(sessions.id, ids));
}
