import "server-only";
import type { DbOrTx } from "@/db/types";
import { openInstanceSecret, sealInstanceSecret } from "@/lib/privacy/server/instance-seal";

// An agent's customer identity secret is kept sealed (lib/privacy/server/instance-seal.ts) because an
// HMAC check needs the secret itself; a hash, as for API keys, could not verify a signature. The agent
// id is bound in as additional data: a sealed value copied to another agent does not open.

const SEAL = { purpose: "focal customer identity secret v1", slot: "customer-identity-secret" };

export function sealIdentitySecret(db: DbOrTx, agentId: string, secret: string): Promise<string> {
  return sealInstanceSecret(db, SEAL, agentId, secret);
}

/** The secret, or null when it cannot be opened (its key is gone or changed, or the value was altered). */
export function openIdentitySecret(db: DbOrTx, agentId: string, sealed: string): Promise<string | null> {
  return openInstanceSecret(db, SEAL, agentId, sealed);
}
