import "server-only";

// How many webhook attempts one process sends at once: 2 per receiver origin (scheme, host and port),
// 16 in all. A slow receiver holds at most its own 2 connections, so another receiver's delivery starts
// at once; 2 keeps a receiver that has fallen behind from being hit by a burst on its return, and 16
// bounds the sockets and memory a flood of events can take (each attempt holds one connection for up
// to the 10 s receiver timeout). Beyond its 2, an origin may have 4 attempts waiting here; the rest are
// deferred (deliver-webhook.ts queues them again), so one receiver's attempts hold at most 6 of the 24
// job slots (DELIVERY_CONCURRENCY) and never starve the others.

const PER_ORIGIN = 2;
const TOTAL = 16;
const WAITING_PER_ORIGIN = 4;

type Release = () => void;

const inFlight = new Map<string, number>();
let total = 0;
const waiting: { origin: string; wake: (release: Release) => void }[] = [];

function hasRoom(origin: string): boolean {
  return total < TOTAL && (inFlight.get(origin) ?? 0) < PER_ORIGIN;
}

function take(origin: string): Release {
  total++;
  inFlight.set(origin, (inFlight.get(origin) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    total--;
    const left = (inFlight.get(origin) ?? 1) - 1;
    if (left > 0) inFlight.set(origin, left);
    else inFlight.delete(origin);
    wakeWaiting();
  };
}

function wakeWaiting(): void {
  for (let i = 0; i < waiting.length; ) {
    const next = waiting[i];
    if (next && hasRoom(next.origin)) {
      waiting.splice(i, 1);
      next.wake(take(next.origin));
    } else {
      i++;
    }
  }
}

/**
 * A sending slot for `origin`: now, after the attempts ahead of it, or null when the origin already
 * has its 2 in flight and 4 waiting (the caller defers the attempt).
 */
export function receiverSlot(origin: string): Promise<Release> | null {
  if (hasRoom(origin)) return Promise.resolve(take(origin));
  if (waiting.filter((w) => w.origin === origin).length >= WAITING_PER_ORIGIN) return null;
  return new Promise((resolve) => waiting.push({ origin, wake: resolve }));
}
