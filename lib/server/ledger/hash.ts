import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

export const GENESIS_HASH = "0".repeat(64);

/** The chain of every event that is not a session's: config changes, overrides, keys, anchors… */
export const GLOBAL_CHAIN = "global";

/**
 * The fields that are hashed; changing any one of them breaks the chain from that event on. `seq` is
 * the event's position in its chain (`chain_seq`); for the global chain that is the number the event
 * had before chains existed, so events written then keep their hashes. Session-chain events also hash
 * their `chain` (the session id); global events carry no `chain` field.
 */
export interface HashedLedgerEvent {
  seq: number;
  chain?: string;
  id: string;
  type: string;
  actor: string;
  actor_kind: string;
  agent_id: string | null;
  request_id: string;
  occurred_at: string;
  payload: Record<string, unknown>;
}

/** hash = SHA-256(prev_hash ‖ RFC 8785 canonical JSON of the event), hex. */
export function ledgerHash(prevHash: string, event: HashedLedgerEvent): string {
  const canonical = canonicalize(event);
  if (canonical === undefined) throw new Error("ledger event is not serializable");
  return createHash("sha256").update(prevHash).update(canonical).digest("hex");
}

/**
 * The canonical JSON of an event around its `seq`: canonical = before + seq + after for every seq, so the
 * database can hash an event whose position it reads in the same statement (appendLedgerEvent).
 * RFC 8785 writes an integer as its digits, as PostgreSQL's `bigint::text` does; `seq` is top-level and
 * only `type`, a string, sorts after it, so the last `"seq":0` is the top-level one.
 */
export function canonicalAroundSeq(event: HashedLedgerEvent): { before: string; after: string } {
  const canonical = canonicalize({ ...event, seq: 0 });
  if (canonical === undefined) throw new Error("ledger event is not serializable");
  const at = canonical.lastIndexOf('"seq":0') + '"seq":'.length;
  return { before: canonical.slice(0, at), after: canonical.slice(at + 1) };
}

/** ledgerHash of the event at position `seq`, from its canonical JSON around the position (canonicalAroundSeq). */
export function ledgerHashAt(prevHash: string, canonical: { before: string; after: string }, seq: number): string {
  return createHash("sha256").update(prevHash).update(`${canonical.before}${seq}${canonical.after}`).digest("hex");
}

/** The hashed fields of a stored row (the same shape for every chain). */
export function hashedFieldsOf(row: {
  chain: string;
  chainSeq: number;
  id: string;
  type: string;
  actor: string;
  actorKind: string;
  agentId: string | null;
  requestId: string;
  occurredAt: Date;
  payload: Record<string, unknown>;
}): HashedLedgerEvent {
  return {
    seq: row.chainSeq,
    ...(row.chain === GLOBAL_CHAIN ? {} : { chain: row.chain }),
    id: row.id,
    type: row.type,
    actor: row.actor,
    actor_kind: row.actorKind,
    agent_id: row.agentId,
    request_id: row.requestId,
    occurred_at: row.occurredAt.toISOString(),
    payload: row.payload,
  };
}
