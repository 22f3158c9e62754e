import "server-only";
import { createHmac } from "node:crypto";
import type { DbOrTx } from "@/db/types";
import { env } from "@/lib/env";
import { ensureAuthSecret } from "@/lib/server/instance-secret";
import { openValue, sealValue } from "./vault-cipher";
import { vaultKey } from "./vault-key";

// Secrets the instance keeps for itself (an agent's customer identity secret, tool credentials) sealed
// with the PII vault's cipher (AES-256-GCM, vault-cipher.ts). The key is the vault key (FOCAL_VAULT_KEY,
// or PGlite's generated key file) when there is one, else one derived from the instance's auth secret
// (PostgreSQL without a vault key). Which of the two sealed a value is written in front of it, so
// setting FOCAL_VAULT_KEY later still opens the earlier values. Each purpose derives its own key from
// the base, so a value sealed for one purpose never opens as another's, and `owner` + `slot` are bound
// in as additional data: a sealed value copied to another row does not open.

type Source = "vault" | "auth";

export interface SealPurpose {
  /** Derives this purpose's key from the base key ("focal customer identity secret v1"). */
  purpose: string;
  /** Bound in as additional data beside the owner: what the value is within its row. */
  slot: string;
}

/** A key for this purpose only: the vault key itself also seals customers' personal data. */
const derive = (base: Buffer | string, purpose: string) => createHmac("sha256", base).update(purpose).digest();

async function keyOf(db: DbOrTx, source: Source, purpose: string): Promise<Buffer | null> {
  if (source === "vault") {
    const key = vaultKey();
    return key ? derive(key, purpose) : null;
  }
  return derive(await ensureAuthSecret(db, env().FOCAL_AUTH_SECRET), purpose);
}

/** The key this instance seals new values of `purpose` with (also keys fingerprints of them). */
export async function instanceKeyFor(db: DbOrTx, purpose: string): Promise<Buffer> {
  const key = await keyOf(db, vaultKey() ? "vault" : "auth", purpose);
  if (!key) throw new Error(`no key for ${purpose}`);
  return key;
}

export async function sealInstanceSecret(db: DbOrTx, seal: SealPurpose, owner: string, plain: string): Promise<string> {
  const source: Source = vaultKey() ? "vault" : "auth";
  const key = await keyOf(db, source, seal.purpose);
  if (!key) throw new Error(`no key to seal the ${seal.slot} with`);
  return `${source}:${sealValue(key, owner, seal.slot, plain)}`;
}

/** The plain value, or null when it cannot be opened (its key is gone or changed, or the value was altered). */
export async function openInstanceSecret(
  db: DbOrTx,
  seal: SealPurpose,
  owner: string,
  sealed: string,
): Promise<string | null> {
  const cut = sealed.indexOf(":");
  const source = sealed.slice(0, cut);
  if (source !== "vault" && source !== "auth") return null;
  const key = await keyOf(db, source, seal.purpose);
  if (!key) return null;
  try {
    return openValue(key, owner, seal.slot, sealed.slice(cut + 1));
  } catch {
    return null;
  }
}
