import "server-only";
import { and, desc, eq, lt, notInArray, type SQL } from "drizzle-orm";
import { ledgerEvents } from "../schema";
import type { DbOrTx } from "../types";

export interface LedgerFilter {
  type?: string;
  actor?: string;
  agentId?: string;
  /** Leave these types out (the agent overview shows config changes, not one event per turn). */
  excludeTypes?: string[];
  /** Keyset cursor: events with seq below this one. */
  beforeSeq?: number;
  limit?: number;
}

/** Newest first, keyset-paginated on seq (the primary key), so deep pages cost the same as the first. */
export async function listLedgerEvents(db: DbOrTx, filter: LedgerFilter) {
  const where: SQL[] = [];
  if (filter.type) where.push(eq(ledgerEvents.type, filter.type));
  if (filter.actor) where.push(eq(ledgerEvents.actor, filter.actor));
  if (filter.agentId) where.push(eq(ledgerEvents.agentId, filter.agentId));
  if (filter.beforeSeq) where.push(lt(ledgerEvents.seq, filter.beforeSeq));
  if (filter.excludeTypes?.length) where.push(notInArray(ledgerEvents.type, filter.excludeTypes));
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
