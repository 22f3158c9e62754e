import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

export const GENESIS_HASH = "0".repeat(64);

/** The fields that are hashed; changing any one of them breaks the chain from that event on. */
export interface HashedLedgerEvent {
  seq: number;
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
