import { addressBucket } from "../request/peer-address";

// Wrong API keys and publishable keys are counted per client address (an IPv6 client per /64): past 30
// in a minute, each further wrong key from that address is answered 429 with Retry-After instead of
// 401, until the minute is over. Only wrong keys: the key is looked up first, and a valid key is served
// whatever its address did (its own rate limits aside), so nobody can lock a key out by sending
// garbage from the address it is used from (a shared proxy or NAT).
//
// The limit is no lock against guessing: keys are 32 random bytes (api-keys.ts), so the odds of a guess
// are nil with or without it. It keeps a noisy client visible (429, not 401) and lets it back off.
// Nor can it be used to tell keys apart: every presented key costs the same SHA-256 and one indexed
// lookup of the hash, limited or not, and whether a wrong key gets 401 or 429 depends only on the
// address's count, never on the key. One process's memory: each server process counts its own, and a
// restart forgets, which only ever admits more.

const MAX_INVALID_PER_WINDOW = 30;
const WINDOW_MS = 60_000;
// Addresses tracked at once; past it the oldest windows are dropped (a flood of addresses is not
// something a per-address count can stop anyway).
const MAX_ADDRESSES = 10_000;

const windows = new Map<string, { startedAt: number; invalid: number }>();

/**
 * Counts one wrong, revoked or malformed key from `address`; the seconds until that address's wrong
 * keys are answered 401 again (0: answer this one 401). Unknown address (in-process call): never limited.
 */
export function recordInvalidKey(address: string | null, now = Date.now()): number {
  if (!address) return 0;
  const bucket = addressBucket(address);
  let window = windows.get(bucket);
  if (!window || now - window.startedAt >= WINDOW_MS) {
    windows.delete(bucket);
    if (windows.size >= MAX_ADDRESSES) {
      const oldest = windows.keys().next().value;
      if (oldest !== undefined) windows.delete(oldest);
    }
    window = { startedAt: now, invalid: 0 };
    windows.set(bucket, window);
  }
  window.invalid++;
  if (window.invalid <= MAX_INVALID_PER_WINDOW) return 0;
  return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
}
