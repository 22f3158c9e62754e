import "server-only";
import { randomUUID } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import { ledgerEvents } from "@/db/schema";
import type { DbOrTx, Transaction } from "@/db/types";
import type { Actor, LedgerEventType } from "./event-types";
import { GENESIS_HASH, type HashedLedgerEvent, ledgerHash } from "./hash";

// Any constant works; it only has to be the same for every writer of the chain.
const LEDGER_ADVISORY_LOCK = 7_465_021;

export interface LedgerAppend {
  type: LedgerEventType;
  actor: Actor;
  agentId?: string | null;
  requestId: string;
  payload: Record<string, unknown>;
  /** Injected in tests for a fixed clock. */
  now?: Date;
}

export interface AppendedLedgerEvent {
  seq: number;
  id: string;
  hash: string;
}

/**
 * Appends one event. Must run inside the caller's transaction: the advisory xact lock serializes
 * appenders across connections and app instances, so seq stays gap-free and each event chains to
 * the one before it. The event commits or rolls back with the change it records.
 */
export async function appendLedgerEvent(tx: Transaction, entry: LedgerAppend): Promise<AppendedLedgerEvent> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_ADVISORY_LOCK})`);
  const [last] = await tx
    .select({ seq: ledgerEvents.seq, hash: ledgerEvents.hash })
    .from(ledgerEvents)
    .orderBy(desc(ledgerEvents.seq))
    .limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const occurredAt = entry.now ?? new Date();
  const hashed: HashedLedgerEvent = {
    seq,
    id: randomUUID(),
    type: entry.type,
    actor: entry.actor.name,
    actor_kind: entry.actor.kind,
    agent_id: entry.agentId ?? null,
    request_id: entry.requestId,
    occurred_at: occurredAt.toISOString(),
    payload: entry.payload,
  };
  const hash = ledgerHash(prevHash, hashed);
  await tx.insert(ledgerEvents).values({
    seq,
    id: hashed.id,
    type: hashed.type,
    actor: hashed.actor,
    actorKind: hashed.actor_kind,
    agentId: hashed.agent_id,
    requestId: hashed.request_id,
    occurredAt,
    payload: hashed.payload,
    prevHash,
    hash,
  });
  return { seq, id: hashed.id, hash };
}

/** For callers that hold no transaction: opens one around the single append. */
export function appendLedgerEventAlone(db: DbOrTx, entry: LedgerAppend): Promise<AppendedLedgerEvent> {
  return db.transaction((tx) => appendLedgerEvent(tx as Transaction, entry));
}
