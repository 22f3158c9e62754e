import "server-only";
import { and, asc, count, eq, gt, ne, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { ledgerEvents } from "../schema";
import type { DbOrTx } from "../types";

// What the ledger verification reads (docs/ledger.md), in pages so a long ledger stays flat in memory.

export async function countLedgerEvents(db: DbOrTx): Promise<number> {
  const [counted] = await db.select({ n: count() }).from(ledgerEvents);
  return counted?.n ?? 0;
}

/** Up to `limit` events in (chain, chain_seq) order, after the position `after` (null: from the first). */
export async function ledgerEventsInChainOrder(
  db: DbOrTx,
  after: { chain: string; chainSeq: number } | null,
  limit: number,
) {
  return db
    .select()
    .from(ledgerEvents)
    .where(
      after ? sql`(${ledgerEvents.chain}, ${ledgerEvents.chainSeq}) > (${after.chain}, ${after.chainSeq})` : undefined,
    )
    .orderBy(asc(ledgerEvents.chain), asc(ledgerEvents.chainSeq))
    .limit(limit);
}

/** Up to `limit` events of one type on one chain in chain order, past chain_seq `afterChainSeq`. */
export async function ledgerEventsOfTypePage(
  db: DbOrTx,
  chain: string,
  type: string,
  afterChainSeq: number,
  limit: number,
) {
  return db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.chain, chain), eq(ledgerEvents.type, type), gt(ledgerEvents.chainSeq, afterChainSeq)))
    .orderBy(asc(ledgerEvents.chainSeq))
    .limit(limit);
}

/** One anchor leaf beside the event stored at its (chain, chain_seq) and the head its chain's previous anchor recorded. */
export interface AnchorLeafCheckRow {
  chain: string;
  chain_seq: string | number;
  event_seq: string | number;
  hash: string;
  e_seq: string | number | null;
  e_hash: string | null;
  prev_head: string | number | null;
}

/** Up to `limit` leaves of one anchor in chain order, after chain `after` (null: from the first). */
export async function anchorLeafChecksPage(
  db: DbOrTx,
  anchorSeq: number,
  after: string | null,
  limit: number,
): Promise<AnchorLeafCheckRow[]> {
  return rowsOf<AnchorLeafCheckRow>(
    await db.execute(sql`
        select l.chain, l.chain_seq, l.event_seq, l.hash, e.seq as e_seq, e.hash as e_hash,
          (select p.chain_seq from ledger_anchor_leaves p
            where p.chain = l.chain and p.anchor_seq < l.anchor_seq
            order by p.anchor_seq desc limit 1) as prev_head
        from ledger_anchor_leaves l
        left join ledger_events e on e.chain = l.chain and e.chain_seq = l.chain_seq
        where l.anchor_seq = ${anchorSeq} ${after === null ? sql`` : sql`and l.chain > ${after}`}
        order by l.chain
        limit ${limit}`),
  );
}

/** Events on every chain but `globalChain`. */
export async function countSessionChainEvents(db: DbOrTx, globalChain: string): Promise<number> {
  const [session] = await db.select({ n: count() }).from(ledgerEvents).where(ne(ledgerEvents.chain, globalChain));
  return session?.n ?? 0;
}

/** The anchored heads' chain_seq summed over chains: how many session events some anchor covers. */
export async function sumAnchoredHeads(db: DbOrTx): Promise<number> {
  const [anchored] = rowsOf<{ n: string | number | null }>(
    await db.execute(
      sql`select coalesce(sum(head), 0) as n from (select max(chain_seq) as head from ledger_anchor_leaves group by chain) h`,
    ),
  );
  return Number(anchored?.n ?? 0);
}

/** Events of one chain past chain_seq `afterChainSeq`. */
export async function countChainEventsAfter(db: DbOrTx, chain: string, afterChainSeq: number): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.chain, chain), gt(ledgerEvents.chainSeq, afterChainSeq)));
  return counted?.n ?? 0;
}
