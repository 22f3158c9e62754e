import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { customerIdentitySecretOf } from "@/db/queries/customer-identity-secrets";
import type { DbOrTx } from "@/db/types";
import { findUnstorableText } from "@/lib/server/input-text-policy";
import { openIdentitySecret } from "./identity-secret-seal";

// A customer identity token (docs/widget.md#identified-customers): the company's server, which knows
// who is signed in, vouches for the customer to a widget session. Like Intercom's identity
// verification, an HMAC-SHA256 under a secret only that server and Focal hold; unlike a bare user hash
// it carries an expiry, so a token copied out of a page stops working.
//
//   v1.<customer id, UTF-8, base64url>.<expiry, Unix seconds>.<HMAC-SHA256(secret, "v1.<id>.<expiry>"), base64url>
//
// The id is base64url so that any customer id (dots included) fits between the dots.

const VERSION = "v1";
/** A session is started at the customer's first message, often minutes after the page loaded; a day is the most a page should need. */
const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
/** The customer_id a secret key may set is 1 to 200 characters; a signed one is held to the same. */
const MAX_CUSTOMER_ID = 200;
/** base64url of 200 characters of up to 4 UTF-8 bytes each, the expiry, the signature and the dots. */
const MAX_TOKEN_LENGTH = 1200;

export type CustomerTokenVerdict =
  | { ok: true; customerId: string }
  | { ok: false; code: "CUSTOMER_TOKEN_INVALID" | "CUSTOMER_TOKEN_EXPIRED"; message: string };

const invalid = (message: string): CustomerTokenVerdict => ({ ok: false, code: "CUSTOMER_TOKEN_INVALID", message });

const sign = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url");

function customerIdOf(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  const bytes = Buffer.from(encoded, "base64url");
  const text = bytes.toString("utf8");
  // Bytes that are not UTF-8 decode to U+FFFD and do not encode back to themselves.
  if (!Buffer.from(text, "utf8").equals(bytes)) return null;
  const id = text.trim();
  if (id.length === 0 || id.length > MAX_CUSTOMER_ID || findUnstorableText(id).length > 0) return null;
  return id;
}

/**
 * The customer a token from the `X-Focal-Customer-Token` header names, once its signature under the
 * agent's secret and its expiry are checked; otherwise why not (the route answers 401 with the code).
 */
export async function verifyCustomerToken(
  db: DbOrTx,
  agentId: string,
  token: string,
  now = Date.now(),
): Promise<CustomerTokenVerdict> {
  const parts = token.trim().split(".");
  if (token.length > MAX_TOKEN_LENGTH || parts.length !== 4 || parts[0] !== VERSION) {
    return invalid("The customer token is not v1.<customer id>.<expiry>.<signature>.");
  }
  const [, encodedId, expires, signature] = parts as [string, string, string, string];
  const row = await customerIdentitySecretOf(db, agentId);
  const secret = row ? await openIdentitySecret(db, agentId, row.sealed) : null;
  if (!secret) {
    return invalid("This agent verifies no customer tokens: an admin creates its identity secret first.");
  }
  const want = Buffer.from(sign(secret, `${VERSION}.${encodedId}.${expires}`));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) {
    return invalid("The customer token's signature does not match the agent's identity secret.");
  }
  if (!/^\d{1,12}$/.test(expires)) return invalid("The customer token's expiry is not Unix seconds.");
  const nowSeconds = Math.floor(now / 1000);
  if (Number(expires) <= nowSeconds) {
    return { ok: false, code: "CUSTOMER_TOKEN_EXPIRED", message: "The customer token has expired: mint a new one." };
  }
  if (Number(expires) > nowSeconds + MAX_LIFETIME_SECONDS) {
    return invalid("The customer token expires more than 24 hours from now.");
  }
  const customerId = customerIdOf(encodedId);
  if (!customerId) return invalid("The customer token's id is not 1 to 200 characters of storable UTF-8 text.");
  return { ok: true, customerId };
}
