import "server-only";
import { lockLedgerGlobalChain } from "@/db/queries/advisory-locks";
import { latestLedgerEventOfType } from "@/db/queries/ledger";
import { anchorLeavesPage, insertMovedChainHeads, takeLedgerSeq } from "@/db/queries/ledger-anchors";
import type { DbOrTx } from "@/db/types";
import { appendLedgerEvent } from "./append-ledger-event";
import { SYSTEM_ACTOR } from "./event-types";
import { GLOBAL_CHAIN } from "./hash";
import { MerkleRootBuilder } from "./merkle";

export const LEDGER_ANCHORED = "LEDGER_ANCHORED";

// Leaves are read back in pages, so an anchor over a very busy minute stays flat in memory.
const LEAF_PAGE = 1000;

export interface LedgerAnchor {
  /** Global position of the LEDGER_ANCHORED event. */
  seq: number;
  /** Its global-chain hash: the value an outside party copies out. */
  hash: string;
  merkleRoot: string;
  leafCount: number;
  previousAnchorSeq: number | null;
  occurredAt: Date;
}

/** The RFC 6962 root of one anchor's stored leaves, in leaf order (chain bytes). */
async function merkleRootOfLeaves(db: DbOrTx, anchorSeq: number): Promise<{ root: string; count: number }> {
  const builder = new MerkleRootBuilder();
  let after: string | null = null;
  for (;;) {
    const page = await anchorLeavesPage(db, anchorSeq, after, LEAF_PAGE);
    for (const leaf of page) builder.add({ chain: leaf.chain, chain_seq: leaf.chainSeq, hash: leaf.hash });
    if (page.length < LEAF_PAGE) return { root: builder.root(), count: builder.size };
    after = page[page.length - 1]?.chain ?? null;
  }
}

/**
 * One anchor, in one transaction: every session chain whose head moved since that chain's last
 * anchored head gets a leaf (its head as this transaction's snapshot sees it), and a global
 * LEDGER_ANCHORED event records the leaves' Merkle root, their count and the previous anchor's seq.
 * Returns null and writes nothing when no head moved.
 *
 * Races: the heads are read by one INSERT … SELECT, i.e. one snapshot, and the leaves record exactly
 * what it saw. A turn that appended before but commits after that snapshot is simply not seen: its
 * chain's anchored head stays where it was and the next anchor picks the event up. A snapshot never
 * sees a chain event without the ones before it (each append read its predecessor as committed under
 * the session lock), so a leaf always covers a gap-free prefix. Anchors serialize on the global
 * ledger lock, taken before the read, so the next anchor always sees this one's leaves.
 */
export async function anchorLedger(db: DbOrTx, opts: { now?: Date } = {}): Promise<LedgerAnchor | null> {
  return db.transaction(async (tx) => {
    await lockLedgerGlobalChain(tx);
    const previous = await latestLedgerEventOfType(tx, GLOBAL_CHAIN, LEDGER_ANCHORED);
    // The anchor's own seq first: the leaves are written under it before the event that covers them.
    const anchorSeq = await takeLedgerSeq(tx);
    await insertMovedChainHeads(tx, anchorSeq, GLOBAL_CHAIN);
    const { root, count } = await merkleRootOfLeaves(tx, anchorSeq);
    if (count === 0) return null;
    const occurredAt = opts.now ?? new Date();
    const payload = { merkle_root: root, leaf_count: count, previous_anchor_seq: previous?.seq ?? null };
    const event = await appendLedgerEvent(tx, {
      type: LEDGER_ANCHORED,
      actor: SYSTEM_ACTOR,
      requestId: `anchor-${anchorSeq}`,
      payload,
      seq: anchorSeq,
      now: occurredAt,
    });
    return {
      seq: event.seq,
      hash: event.hash,
      merkleRoot: root,
      leafCount: count,
      previousAnchorSeq: payload.previous_anchor_seq,
      occurredAt,
    };
  });
}

/** The newest anchor as stored (its payload as written), or null before the first one. */
export async function latestLedgerAnchor(db: DbOrTx): Promise<LedgerAnchor | null> {
  const row = await latestLedgerEventOfType(db, GLOBAL_CHAIN, LEDGER_ANCHORED);
  if (!row) return null;
  const payload = row.payload as { merkle_root?: unknown; leaf_count?: unknown; previous_anchor_seq?: unknown };
  return {
    seq: row.seq,
    hash: row.hash,
    merkleRoot: String(payload.merkle_root ?? ""),
    leafCount: Number(payload.leaf_count ?? 0),
    previousAnchorSeq: typeof payload.previous_anchor_seq === "number" ? payload.previous_anchor_seq : null,
    occurredAt: row.occurredAt,
  };
}
