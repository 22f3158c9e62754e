import "server-only";

// Live turns first: while a customer's turn runs on the request thread, background workers pause
// between their own turns (compute-worker.ts waits on this counter). Nice 10 alone left a turn's
// p95 at 1.9× its idle value during the largest test run on a 2-core machine, since the worker still
// held a core the turn's database and GC threads wanted; pausing keeps the turn near its idle time.
// One counter per process, shared with every worker thread through a SharedArrayBuffer; it lives on
// globalThis because Next.js loads this module once per bundle (routes, actions, instrumentation).

declare global {
  var __focalLiveTurns: Int32Array | undefined;
}

/** The process's count of live turns in progress, for workers to read (index 0). */
export function liveTurnCounter(): Int32Array {
  globalThis.__focalLiveTurns ??= new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  return globalThis.__focalLiveTurns;
}

/** Counts a turn as live until the returned function is called (once, in a `finally`). */
export function beginLiveTurn(): () => void {
  const counter = liveTurnCounter();
  Atomics.add(counter, 0, 1);
  return () => {
    Atomics.sub(counter, 0, 1);
    Atomics.notify(counter, 0);
  };
}

/** Runs `turn` counted as live: background workers hold off until it (and every other) is done. */
export async function asLiveTurn<T>(turn: () => Promise<T>): Promise<T> {
  const end = beginLiveTurn();
  try {
    return await turn();
  } finally {
    end();
  }
}
