import "server-only";
import {
  anchorLeafChecksPage,
  countChainEventsAfter,
  countLedgerEvents,
  countSessionChainEvents,
  ledgerEventsInChainOrder,
  ledgerEventsOfTypePage,
  sumAnchoredHeads,
} from "@/db/queries/ledger-verification";
import type { DbOrTx } from "@/db/types";
import { LEDGER_ANCHORED } from "./anchor-ledger";
import { GENESIS_HASH, GLOBAL_CHAIN, hashedFieldsOf, ledgerHash } from "./hash";
import { MerkleRootBuilder } from "./merkle";

export interface LedgerVerification {
  is_intact: boolean;
  /** Rows in the table. */
  total: number;
  /** The global seq of the first (lowest-seq) broken event or anchor, or null when intact. */
  broken_at: number | null;
  /** What is wrong at broken_at, in a sentence; null when intact. */
  reason: string | null;
  /** Chains walked: the global chain and one per session that wrote events. */
  chains: number;
  /** LEDGER_ANCHORED events checked. */
  anchors: number;
  /** Events no copied-out anchor can cover yet: session events past their chain's last anchored head, global events after the last anchor. */
  unanchored: number;
}

// Pages of 1,000 rows keep memory flat on long ledgers.
const PAGE = 1000;

interface Break {
  seq: number;
  reason: string;
}

/**
 * Verifies both levels (docs/ledger.md): every chain (global and per session) in (chain, chain_seq)
 * order — contiguous chain_seq from 1, prev_hash the previous event's hash (genesis first), hash
 * recomputed — then every anchor in global order: its leaves' RFC 6962 root and count against its
 * payload, previous_anchor_seq, no chain head going backwards, and each leaf against the stored event
 * at (chain, chain_seq). Several breaks: broken_at names the lowest seq among them.
 */
export async function verifyLedgerChain(db: DbOrTx): Promise<LedgerVerification> {
  const found: { first: Break | null } = { first: null };
  const flag = (seq: number, reason: string) => {
    if (!found.first || seq < found.first.seq) found.first = { seq, reason };
  };
  const total = await countLedgerEvents(db);

  // 1. Every chain.
  let chains = 0;
  let chain: string | null = null;
  let expected = 1;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const after: { chain: string; chainSeq: number } | null = chain === null ? null : { chain, chainSeq: expected - 1 };
    const rows = await ledgerEventsInChainOrder(db, after, PAGE);
    for (const row of rows) {
      if (row.chain !== chain) {
        chain = row.chain;
        chains++;
        expected = 1;
        prevHash = GENESIS_HASH;
      }
      const where = row.chain === GLOBAL_CHAIN ? "global chain" : `session chain ${row.chain}`;
      if (row.chainSeq !== expected) {
        flag(
          row.seq,
          `${where}: chain_seq ${expected}${row.chainSeq > expected + 1 ? `–${row.chainSeq - 1}` : ""} missing before this event`,
        );
      } else if (row.prevHash !== prevHash) {
        flag(row.seq, `${where}: prev_hash of chain_seq ${row.chainSeq} does not match the hash before it`);
      }
      if (ledgerHash(row.prevHash, hashedFieldsOf(row)) !== row.hash) {
        flag(row.seq, `${where}: event at chain_seq ${row.chainSeq} was changed (its hash does not match its fields)`);
      }
      prevHash = row.hash;
      expected = row.chainSeq + 1;
    }
    if (rows.length < PAGE) break;
  }

  // 2. Every anchor, in global-chain order.
  let anchors = 0;
  let previousAnchorSeq: number | null = null;
  let lastAnchorChainSeq = 0;
  let afterChainSeq = 0;
  for (;;) {
    const page = await ledgerEventsOfTypePage(db, GLOBAL_CHAIN, LEDGER_ANCHORED, afterChainSeq, PAGE);
    for (const anchor of page) {
      anchors++;
      const payload = anchor.payload as { merkle_root?: unknown; leaf_count?: unknown; previous_anchor_seq?: unknown };
      if ((payload.previous_anchor_seq ?? null) !== previousAnchorSeq) {
        flag(
          anchor.seq,
          `anchor ${anchor.seq}: previous_anchor_seq is ${String(payload.previous_anchor_seq)}, the anchor before it is ${String(previousAnchorSeq)}`,
        );
      }
      const checked = await checkAnchorLeaves(db, anchor.seq);
      if (checked.root !== payload.merkle_root || checked.count !== payload.leaf_count) {
        // Leaves changed, added or dropped (or the root rewritten): the anchor no longer proves anything.
        flag(
          anchor.seq,
          `anchor ${anchor.seq}: its ${checked.count} stored leaves do not hash to the Merkle root and leaf count it recorded`,
        );
      } else if (checked.issue) {
        // The leaves are the anchor's own: the event they name is what changed.
        flag(checked.issue.seq, checked.issue.reason);
      }
      if (checked.backwards) flag(anchor.seq, `anchor ${anchor.seq}: ${checked.backwards}`);
      previousAnchorSeq = anchor.seq;
      lastAnchorChainSeq = anchor.chainSeq;
    }
    if (page.length < PAGE) break;
    afterChainSeq = page[page.length - 1]?.chainSeq ?? afterChainSeq;
  }

  const unanchored = await countUnanchored(db, lastAnchorChainSeq);
  const result = found.first;
  return {
    is_intact: result === null,
    total,
    broken_at: result?.seq ?? null,
    reason: result?.reason ?? null,
    chains,
    anchors,
    unanchored,
  };
}

interface LeafCheck {
  root: string;
  count: number;
  /** The lowest-seq leaf whose stored event is missing or differs. */
  issue: Break | null;
  /** A leaf at or below the head an earlier anchor recorded for its chain. */
  backwards: string | null;
}

async function checkAnchorLeaves(db: DbOrTx, anchorSeq: number): Promise<LeafCheck> {
  const builder = new MerkleRootBuilder();
  const found: { issue: Break | null } = { issue: null };
  let backwards: string | null = null;
  let after: string | null = null;
  for (;;) {
    const page = await anchorLeafChecksPage(db, anchorSeq, after, PAGE);
    for (const leaf of page) {
      const chainSeq = Number(leaf.chain_seq);
      const eventSeq = Number(leaf.event_seq);
      builder.add({ chain: leaf.chain, chain_seq: chainSeq, hash: leaf.hash });
      const noteIssue = (seq: number, reason: string) => {
        if (!found.issue || seq < found.issue.seq) found.issue = { seq, reason };
      };
      if (leaf.e_seq === null) {
        noteIssue(
          eventSeq,
          `session chain ${leaf.chain}: event at chain_seq ${chainSeq} (seq ${eventSeq}), covered by anchor ${anchorSeq}, is missing`,
        );
      } else if (leaf.e_hash !== leaf.hash || Number(leaf.e_seq) !== eventSeq) {
        noteIssue(
          Number(leaf.e_seq),
          `session chain ${leaf.chain}: event at chain_seq ${chainSeq} is not the one anchor ${anchorSeq} covered`,
        );
      }
      if (leaf.chain === GLOBAL_CHAIN) backwards ??= "a leaf names the global chain";
      else if (leaf.prev_head !== null && chainSeq <= Number(leaf.prev_head)) {
        backwards ??= `the head of session chain ${leaf.chain} went back from chain_seq ${leaf.prev_head} to ${chainSeq}`;
      }
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1]?.chain ?? null;
  }
  return { root: builder.root(), count: builder.size, issue: found.issue, backwards };
}

/** Session events past their chain's last anchored head, plus global events after the last anchor. */
async function countUnanchored(db: DbOrTx, lastAnchorChainSeq: number): Promise<number> {
  const session = await countSessionChainEvents(db, GLOBAL_CHAIN);
  const anchored = await sumAnchoredHeads(db);
  const global = await countChainEventsAfter(db, GLOBAL_CHAIN, lastAnchorChainSeq);
  return Math.max(0, session - anchored) + global;
}
