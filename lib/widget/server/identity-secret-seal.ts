import "server-only";
import { createHmac } from "node:crypto";
import type { DbOrTx } from "@/db/types";
import { env } from "@/lib/env";
import { openValue, sealValue } from "@/lib/privacy/server/vault-cipher";
import { vaultKey } from "@/lib/privacy/server/vault-key";
import { ensureAuthSecret } from "@/lib/server/instance-secret";

// An agent's customer identity secret is kept sealed (AES-256-GCM, the PII vault's cipher) because an
// HMAC check needs the secret itself; a hash, as for API keys, could not verify a signature. The key
// is the vault key (FOCAL_VAULT_KEY, or PGlite's generated key file) when there is one, else one
// derived from the instance's auth secret (PostgreSQL without a vault key). Which of the two sealed a
// value is written in front of it, so setting FOCAL_VAULT_KEY later still opens the earlier secret.
// The agent id is bound in as additional data: a sealed value copied to another agent does not open.

type Source = "vault" | "auth";
const PURPOSE = "focal customer identity secret v1";
const AAD_NAME = "customer-identity-secret";

/** A key for this purpose only: the vault key itself also seals customers' personal data. */
const derive = (base: Buffer | string) => createHmac("sha256", base).update(PURPOSE).digest();

async function keyOf(db: DbOrTx, source: Source): Promise<Buffer | null> {
  if (source === "vault") {
    const key = vaultKey();
    return key ? derive(key) : null;
  }
  return derive(await ensureAuthSecret(db, env().FOCAL_AUTH_SECRET));
}

export async function sealIdentitySecret(db: DbOrTx, agentId: string, secret: string): Promise<string> {
  const source: Source = vaultKey() ? "vault" : "auth";
  const key = await keyOf(db, source);
  if (!key) throw new Error("no key to seal the customer identity secret with");
  return `${source}:${sealValue(key, agentId, AAD_NAME, secret)}`;
}

/** The secret, or null when it cannot be opened (its key is gone or changed, or the value was altered). */
export async function openIdentitySecret(db: DbOrTx, agentId: string, sealed: string): Promise<string | null> {
  const cut = sealed.indexOf(":");
  const source = sealed.slice(0, cut);
  if (source !== "vault" && source !== "auth") return null;
  const key = await keyOf(db, source);
  if (!key) return null;
  try {
    return openValue(key, agentId, AAD_NAME, sealed.slice(cut + 1));
  } catch {
    return null;
  }
}
