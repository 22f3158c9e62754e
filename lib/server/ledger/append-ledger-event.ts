import "server-only";
import { randomUUID } from "node:crypto";
import { lockLedgerGlobalChain } from "@/db/queries/advisory-locks";
import { insertLedgerEventAtHead } from "@/db/queries/ledger";
import type { DbOrTx, Transaction } from "@/db/types";
import type { Actor, LedgerEventType } from "./event-types";
import { canonicalAroundSeq, GENESIS_HASH, GLOBAL_CHAIN, hashedFieldsOf, ledgerHashAt } from "./hash";

export interface LedgerAppend {
  type: LedgerEventType;
  actor: Actor;
  agentId?: string | null;
  requestId: string;
  payload: Record<string, unknown>;
  /**
   * Append to this session's own chain instead of the global one. The caller must hold the session's
   * row lock (`SELECT … FOR UPDATE`, as a turn's commit (commitTurn) and recordGoalCandidate do): that lock is what
   * serializes the chain's appenders; the unique (chain, chain_seq) index refuses a second event at
   * the same position if a caller ever forgets it.
   */
  sessionChain?: string;
  /** A seq taken from the identity beforehand (anchors write their leaves under it first). */
  seq?: number;
  /** Injected in tests for a fixed clock. */
  now?: Date;
}

export interface AppendedLedgerEvent {
  /** The global position (primary key): increasing, not gap-free. */
  seq: number;
  id: string;
  hash: string;
  chain: string;
  chainSeq: number;
}

/**
 * Appends one event. Must run inside the caller's transaction, so the event commits or rolls back
 * with the change it records. Global events take one advisory xact lock (appenders across connections
 * and app instances wait for each other, so the global chain_seq stays gap-free); session events take
 * no lock of their own and chain to their session's head only (docs/ledger.md).
 */
export async function appendLedgerEvent(tx: Transaction, entry: LedgerAppend): Promise<AppendedLedgerEvent> {
  const chain = entry.sessionChain ?? GLOBAL_CHAIN;
  if (chain === GLOBAL_CHAIN) await lockLedgerGlobalChain(tx);
  const occurredAt = entry.now ?? new Date();
  const row = {
    chain,
    id: randomUUID(),
    type: entry.type,
    actor: entry.actor.name,
    actorKind: entry.actor.kind,
    agentId: entry.agentId ?? null,
    requestId: entry.requestId,
    occurredAt,
    payload: entry.payload,
  };
  // The head is read and the hash computed by the insert itself (one statement); the hash is checked
  // here against the one this process computes, so a database that hashed other bytes rolls back.
  const canonical = canonicalAroundSeq(hashedFieldsOf({ ...row, chainSeq: 0 }));
  const { chainSeq, prevHash, hash, seq } = await insertLedgerEventAtHead(
    tx,
    { ...row, ...(entry.seq === undefined ? {} : { seq: entry.seq }) },
    canonical,
    GENESIS_HASH,
  );
  if (ledgerHashAt(prevHash, canonical, chainSeq) !== hash) throw new Error("ledger hash mismatch");
  return { seq, id: row.id, hash, chain, chainSeq };
}

/** For callers that hold no transaction: opens one around the single append (global chain). */
export function appendLedgerEventAlone(db: DbOrTx, entry: LedgerAppend): Promise<AppendedLedgerEvent> {
  return db.transaction((tx) => appendLedgerEvent(tx, entry));
}
