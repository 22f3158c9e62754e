import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "@/db/types";
import { env } from "@/lib/env";
import { ensureAuthSecret } from "@/lib/server/instance-secret";

// A session token binds one session to the publishable key that created it, until it expires:
// `v1.<session id>.<key id>.<expiry, epoch seconds>.<HMAC-SHA256, base64url>`. The HMAC key is derived
// from the instance's auth secret (shared by every instance), so no table is read to check a token and
// rotating the auth secret ends every widget session with the operators' sign-ins.
const VERSION = "v1";
const SESSION_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const derived = new WeakMap<object, Promise<Buffer>>();

function tokenKey(db: DbOrTx): Promise<Buffer> {
  let key = derived.get(db);
  if (!key) {
    key = ensureAuthSecret(db, env().FOCAL_AUTH_SECRET).then((secret) =>
      createHmac("sha256", secret).update("focal widget session token").digest(),
    );
    derived.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("base64url");

export async function issueSessionToken(
  db: DbOrTx,
  claims: { sessionId: string; keyId: string },
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const expires = Math.floor(now / 1000) + SESSION_TOKEN_TTL_SECONDS;
  const text = `${VERSION}.${claims.sessionId}.${claims.keyId}.${expires}`;
  return { token: `${text}.${sign(await tokenKey(db), text)}`, expiresAt: new Date(expires * 1000) };
}

/** True when the token is ours, unexpired, and names exactly this session and key. */
export async function sessionTokenAdmits(
  db: DbOrTx,
  token: string,
  expected: { sessionId: string; keyId: string },
  now = Date.now(),
): Promise<boolean> {
  if (token.length > 300) return false;
  const parts = token.split(".");
  if (parts.length !== 5) return false;
  const [version, sessionId, keyId, expires, signature] = parts as [string, string, string, string, string];
  if (version !== VERSION || sessionId !== expected.sessionId || keyId !== expected.keyId) return false;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return false;
  const want = Buffer.from(sign(await tokenKey(db), parts.slice(0, 4).join(".")));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
