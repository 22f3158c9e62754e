import "server-only";
import {
  claimBackoffAttempt,
  clearThrottleKey,
  countWindowAttempt,
  isThrottleKeyMarked,
  markThrottleKey,
  type ThrottleVerdict,
  uncountWindowAttempt,
} from "@/db/queries/sign-in-throttles";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { addressBucket } from "../request/peer-address";

// Sign-in limits (OWASP ASVS 5.0 §6.3; docs/access-control.md#limits-that-never-lock-out-the-right-credential),
// all in the database so every instance shares them. Only wrong passwords count: every attempt is
// counted before the password is checked (so a burst of concurrent guesses is held to the limit) and a
// right one is taken back. Who is asking decides which count applies:
//
// - a browser with this account's device cookie (device-cookie.ts): 10 wrong passwords per device in
//   15 minutes, nothing else. A stranger's guesses, from any address, never lock it out.
// - an address that signed in to this account in the last 30 days (IPv6: its /64): 10 wrong per 15
//   minutes for that account from there, nothing else: strangers hammering the account cannot keep
//   its operator out from where they usually work, even behind a shared proxy.
// - anyone else, and a device or address past its 10: per address, FOCAL_SIGN_IN_LIMIT_PER_MINUTE
//   wrong attempts a minute (default 5) whatever the account; per account, 5 free attempts since the
//   last success, then each makes the next wait 2, 4, 8 … up to 60 s, whatever the address (guessing
//   from many addresses gets one try a minute at most, ≈1,440 a day against a ≥ 12-character
//   password). Refused attempts are never checked, so the limit cannot be used as an oracle; the cost
//   is that a stranger's right password waits too.
const TRUSTED_WRONG_MAX = 10;
const TRUSTED_WINDOW_SECONDS = 15 * 60;
const ACCOUNT_FREE_ATTEMPTS = 5;
const ACCOUNT_MAX_DELAY_SECONDS = 60;
// The account count forgets after 15 idle minutes.
const ACCOUNT_IDLE_SECONDS = 15 * 60;
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

// Without the server hook (see request/peer-address.ts) the address is unknown; such attempts share
// one bucket rather than going unlimited.
const UNKNOWN_ADDRESS = "unknown";

const bucketOf = (address: string | null) => (address ? addressBucket(address) : UNKNOWN_ADDRESS);
const addressKey = (address: string | null) => `address:${bucketOf(address)}`;
const accountKey = (email: string) => `account:${email}`;
const knownKey = (email: string, address: string | null) => `known:${email}|${bucketOf(address)}`;
const knownWrongKey = (email: string, address: string | null) => `known-wrong:${email}|${bucketOf(address)}`;
const deviceKey = (deviceId: string) => `device:${deviceId}`;

export interface SignInAttempt {
  address: string | null;
  email: string;
  /** The id of this account's device cookie the request carried (device-cookie.ts), or null. */
  deviceId: string | null;
}

export interface SignInAdmission extends ThrottleVerdict {
  /** The window counts this attempt added, taken back when the password was right. */
  counted: string[];
}

export function normalizeSignInEmail(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}

/** Counts a sign-in attempt before the password is checked; refused attempts never reach it. */
export async function admitSignInAttempt(db: Database, attempt: SignInAttempt): Promise<SignInAdmission> {
  const trusted = [
    attempt.email && attempt.deviceId ? deviceKey(attempt.deviceId) : null,
    attempt.email && attempt.address && (await isThrottleKeyMarked(db, knownKey(attempt.email, attempt.address)))
      ? knownWrongKey(attempt.email, attempt.address)
      : null,
  ];
  for (const key of trusted) {
    if (!key) continue;
    const verdict = await countWindowAttempt(db, key, TRUSTED_WRONG_MAX, TRUSTED_WINDOW_SECONDS);
    if (verdict.allowed) return { ...verdict, counted: [key] };
  }
  const byAddress = await countWindowAttempt(db, addressKey(attempt.address), env().FOCAL_SIGN_IN_LIMIT_PER_MINUTE, 60);
  const counted = [addressKey(attempt.address)];
  if (!byAddress.allowed || !attempt.email) return { ...byAddress, counted };
  const byAccount = await claimBackoffAttempt(db, accountKey(attempt.email), {
    freeAttempts: ACCOUNT_FREE_ATTEMPTS,
    maxDelaySeconds: ACCOUNT_MAX_DELAY_SECONDS,
    idleSeconds: ACCOUNT_IDLE_SECONDS,
  });
  return { ...byAccount, counted };
}

/** A right password: its counts are taken back, the account's backoff cleared, the address remembered. */
export async function recordSignInSuccess(db: Database, attempt: SignInAttempt, admission: SignInAdmission) {
  for (const key of admission.counted) await uncountWindowAttempt(db, key);
  if (!attempt.email) return;
  await clearThrottleKey(db, accountKey(attempt.email));
  if (attempt.address) await markThrottleKey(db, knownKey(attempt.email, attempt.address), KNOWN_ADDRESS_SECONDS);
}
