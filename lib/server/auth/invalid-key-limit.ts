// Wrong API keys are counted per client address: 30 a minute, then every API-key request from that
// address is answered 429 with Retry-After until the minute is over (a valid key included: the
// limiter runs before the key is looked up, so guessing costs no database work). Keys are 32 random
// bytes (api-keys.ts), so this is about load and noise, not about the odds of a guess. One process's
// memory: each server process counts its own, and a restart forgets, which only ever admits more.

const MAX_INVALID_PER_WINDOW = 30;
const WINDOW_MS = 60_000;
// Addresses tracked at once; past it the oldest windows are dropped (a flood of addresses is not
// something a per-address count can stop anyway).
const MAX_ADDRESSES = 10_000;

const windows = new Map<string, { startedAt: number; invalid: number }>();

/** Seconds until `address` may try again, or 0 when it may now. Unknown address (in-process call): never limited. */
export function invalidKeyRetryAfter(address: string | null, now = Date.now()): number {
  if (!address) return 0;
  const window = windows.get(address);
  if (!window || now - window.startedAt >= WINDOW_MS || window.invalid < MAX_INVALID_PER_WINDOW) return 0;
  return Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000));
}

/** Counts one wrong, revoked or malformed key from `address`. */
export function recordInvalidKey(address: string | null, now = Date.now()): void {
  if (!address) return;
  const window = windows.get(address);
  if (window && now - window.startedAt < WINDOW_MS) {
    window.invalid++;
    return;
  }
  windows.delete(address);
  if (windows.size >= MAX_ADDRESSES) {
    const oldest = windows.keys().next().value;
    if (oldest !== undefined) windows.delete(oldest);
  }
  windows.set(address, { startedAt: now, invalid: 1 });
}
