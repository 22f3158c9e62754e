import "server-only";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { ledgerAnchorLeaves } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// The anchor's side of the ledger (docs/ledger.md): its seq taken ahead, its Merkle leaves written
// from one snapshot of the session chain heads, and read back in pages.

/** The next global seq, taken from the identity before the event that will carry it is written. */
export async function takeLedgerSeq(tx: Transaction): Promise<number> {
  const [taken] = rowsOf<{ seq: string | number }>(
    await tx.execute(sql`select nextval(pg_get_serial_sequence('ledger_events', 'seq')) as seq`),
  );
  return Number(taken?.seq);
}

/**
 * One leaf under `anchorSeq` for every session chain (any chain but `globalChain`) whose head moved
 * past the head its previous anchor recorded: one INSERT … SELECT, so every head comes from one snapshot.
 */
export async function insertMovedChainHeads(tx: Transaction, anchorSeq: number, globalChain: string): Promise<void> {
  await tx.execute(sql`
      insert into ledger_anchor_leaves (anchor_seq, chain, chain_seq, event_seq, hash)
      select ${anchorSeq}, h.chain, h.chain_seq, h.seq, h.hash
      from (
        select distinct on (chain) chain, chain_seq, seq, hash
        from ledger_events
        where chain <> ${globalChain}
        order by chain desc, chain_seq desc
      ) h
      left join (
        select chain, max(chain_seq) as chain_seq from ledger_anchor_leaves group by chain
      ) a on a.chain = h.chain
      where a.chain_seq is null or h.chain_seq > a.chain_seq`);
}

/** Up to `limit` leaves of one anchor in chain order, after chain `after` (null: from the first). */
export async function anchorLeavesPage(db: DbOrTx, anchorSeq: number, after: string | null, limit: number) {
  return db
    .select({ chain: ledgerAnchorLeaves.chain, chainSeq: ledgerAnchorLeaves.chainSeq, hash: ledgerAnchorLeaves.hash })
    .from(ledgerAnchorLeaves)
    .where(
      after === null
        ? eq(ledgerAnchorLeaves.anchorSeq, anchorSeq)
        : and(eq(ledgerAnchorLeaves.anchorSeq, anchorSeq), gt(ledgerAnchorLeaves.chain, after)),
    )
    .orderBy(asc(ledgerAnchorLeaves.chain))
    .limit(limit);
}
