import "server-only";
import { createHmac } from "node:crypto";
import type { DbOrTx } from "@/db/types";
import { instanceKeyFor, openInstanceSecret, sealInstanceSecret } from "@/lib/privacy/server/instance-seal";
import { CredentialValue } from "../credential-schemas";

// A credential's value is sealed whole (its kind's fields as JSON) with the instance's sealing
// (lib/privacy/server/instance-seal.ts: AES-256-GCM, a key of its own purpose), the row's id bound in;
// an OAuth access token fetched with it is sealed the same way in a slot of its own.

const VALUE = { purpose: "focal tool credential v1", slot: "tool-credential" };
const TOKEN = { purpose: "focal tool credential v1", slot: "oauth2-access-token" };
const FINGERPRINT_PURPOSE = "focal tool credential fingerprint v1";

export function sealCredential(db: DbOrTx, rowId: string, value: CredentialValue): Promise<string> {
  return sealInstanceSecret(db, VALUE, rowId, JSON.stringify(value));
}

/** The value, or null when it cannot be opened (the instance key changed, the row was altered). */
export async function openCredential(db: DbOrTx, rowId: string, sealed: string): Promise<CredentialValue | null> {
  const plain = await openInstanceSecret(db, VALUE, rowId, sealed);
  if (plain === null) return null;
  try {
    const parsed = CredentialValue.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function sealAccessToken(db: DbOrTx, rowId: string, token: string): Promise<string> {
  return sealInstanceSecret(db, TOKEN, rowId, token);
}

export function openAccessToken(db: DbOrTx, rowId: string, sealed: string): Promise<string | null> {
  return openInstanceSecret(db, TOKEN, rowId, sealed);
}

/**
 * First 8 hex digits (32 bits) of an HMAC-SHA256 of the value under a key derived from the instance
 * key: two values of one name tell apart in the console, and without the key nothing about the
 * value can be tested against it.
 */
export async function fingerprintOf(db: DbOrTx, value: CredentialValue): Promise<string> {
  const key = await instanceKeyFor(db, FINGERPRINT_PURPOSE);
  return createHmac("sha256", key).update(JSON.stringify(value)).digest("hex").slice(0, 8);
}
