import "server-only";
import { and, desc, eq, inArray, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { ledgerEvents } from "../schema";
import type { DbOrTx, Transaction } from "../types";

export interface LedgerFilter {
  type?: string;
  actor?: string;
  agentId?: string;
  /**
   * Only events of these agents, and instance-wide ones (no agent) except of the types in `reach.hide`
   * (docs/access-control.md); absent: every event.
   */
  reach?: { agentIds: readonly string[]; hide: readonly string[] };
  /** Leave these types out (the agent overview shows config changes, not one event per turn). */
  excludeTypes?: string[];
  /** Keyset cursor: events with seq below this one. */
  beforeSeq?: number;
  limit?: number;
}

function reachWhere(reach: { agentIds: readonly string[]; hide: readonly string[] }): SQL {
  const global = reach.hide.length
    ? and(isNull(ledgerEvents.agentId), notInArray(ledgerEvents.type, [...reach.hide]))
    : isNull(ledgerEvents.agentId);
  const own = reach.agentIds.length ? inArray(ledgerEvents.agentId, [...reach.agentIds]) : sql`false`;
  return or(own, global) ?? sql`false`;
}

/** Newest first, keyset-paginated on seq (the primary key), so deep pages cost the same as the first. */
export async function listLedgerEvents(db: DbOrTx, filter: LedgerFilter) {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(ledgerEvents.type, filter.type));
  if (filter.actor) where.push(eq(ledgerEvents.actor, filter.actor));
  if (filter.agentId) where.push(eq(ledgerEvents.agentId, filter.agentId));
  if (filter.beforeSeq) where.push(lt(ledgerEvents.seq, filter.beforeSeq));
  if (filter.excludeTypes?.length) where.push(notInArray(ledgerEvents.type, filter.excludeTypes));
  if (filter.reach) where.push(reachWhere(filter.reach));
  const limit = filter.limit ?? 50;
  const rows = await db
    .select()
    .from(ledgerEvents)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(ledgerEvents.seq))
    .limit(limit + 1);
  return { events: rows.slice(0, limit), nextBeforeSeq: rows.length > limit ? rows[limit - 1]?.seq : undefined };
}

export async function listLedgerActors(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ actor: ledgerEvents.actor }).from(ledgerEvents).orderBy(ledgerEvents.actor);
  return rows.map((r) => r.actor);
}

/** A chain's last event (position and hash), or null while the chain is empty. */
export async function ledgerChainHead(tx: Transaction, chain: string) {
  const [last] = await tx
    .select({ chainSeq: ledgerEvents.chainSeq, hash: ledgerEvents.hash })
    .from(ledgerEvents)
    .where(eq(ledgerEvents.chain, chain))
    .orderBy(desc(ledgerEvents.chainSeq))
    .limit(1);
  return last ?? null;
}

/** Writes one hashed event; returns its global seq (taken from the identity unless the row names one). */
export async function insertLedgerEvent(tx: Transaction, row: typeof ledgerEvents.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(ledgerEvents).values(row).returning({ seq: ledgerEvents.seq });
  if (!inserted) throw new Error("ledger insert returned no row");
  return inserted.seq;
}

/** The newest event of this type on this chain, or null. */
export async function latestLedgerEventOfType(db: DbOrTx, chain: string, type: string) {
  const [row] = await db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.type, type), eq(ledgerEvents.chain, chain)))
    .orderBy(desc(ledgerEvents.seq))
    .limit(1);
  return row ?? null;
}
