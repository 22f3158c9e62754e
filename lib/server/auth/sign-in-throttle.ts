import "server-only";
import {
  claimBackoffAttempt,
  clearThrottleKey,
  countWindowAttempt,
  isThrottleKeyMarked,
  markThrottleKey,
  type ThrottleVerdict,
} from "@/db/queries/sign-in-throttles";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { addressBucket } from "../request/peer-address";

// Two limits, both in the database so every instance shares them:
// - per client address (IPv6: per /64): FOCAL_SIGN_IN_LIMIT_PER_MINUTE attempts a minute (default 5),
//   whatever the account. Stops one address guessing; cannot lock anyone else out.
// - per account: the first 5 attempts since the last success are free, then each one makes the next
//   wait 2, 4, 8 … up to 60 s, whatever address it comes from. Guessing from many addresses gets one
//   try a minute at most (≈1,440 a day against a ≥ 12-character password), and the backoff only
//   slows: it never grows past a minute and a success clears it.
// An address that signed in to the account in the last 30 days skips the account backoff, so
// strangers hammering an account cannot keep its operator out from where they usually work.
const ACCOUNT_FREE_ATTEMPTS = 5;
const ACCOUNT_MAX_DELAY_SECONDS = 60;
// The account count forgets after 15 idle minutes.
const ACCOUNT_IDLE_SECONDS = 15 * 60;
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

// Without the server hook (see request/peer-address.ts) the address is unknown; such attempts share
// one bucket rather than going unlimited.
const UNKNOWN_ADDRESS = "unknown";

const addressKey = (address: string | null) => `address:${address ? addressBucket(address) : UNKNOWN_ADDRESS}`;
const accountKey = (email: string) => `account:${email}`;
const knownKey = (email: string, address: string | null) =>
  `known:${email}|${address ? addressBucket(address) : UNKNOWN_ADDRESS}`;

export function normalizeSignInEmail(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}

/** Counts a sign-in attempt before the password is checked; refused attempts never reach it. */
export async function admitSignInAttempt(
  db: Database,
  attempt: { address: string | null; email: string },
): Promise<ThrottleVerdict> {
  const byAddress = await countWindowAttempt(db, addressKey(attempt.address), env().FOCAL_SIGN_IN_LIMIT_PER_MINUTE, 60);
  if (!byAddress.allowed) return byAddress;
  if (!attempt.email) return byAddress;
  if (attempt.address && (await isThrottleKeyMarked(db, knownKey(attempt.email, attempt.address)))) return byAddress;
  return claimBackoffAttempt(db, accountKey(attempt.email), {
    freeAttempts: ACCOUNT_FREE_ATTEMPTS,
    maxDelaySeconds: ACCOUNT_MAX_DELAY_SECONDS,
    idleSeconds: ACCOUNT_IDLE_SECONDS,
  });
}

/** A success clears the account's backoff and remembers the address for it. */
export async function recordSignInSuccess(db: Database, attempt: { address: string | null; email: string }) {
  await clearThrottleKey(db, accountKey(attempt.email));
  if (attempt.address) await markThrottleKey(db, knownKey(attempt.email, attempt.address), KNOWN_ADDRESS_SECONDS);
}
