// Turns of one session run one after another in this process (the 20-parallel-posts case); across
// app instances the persist step's turn_count check makes a racing turn run again on fresh state.
const tails = new Map<string, Promise<unknown>>();

/** Waits for the session's earlier turns in this process; the returned function lets the next one in. */
export async function lockSession(sessionId: string): Promise<() => void> {
  const previous = tails.get(sessionId) ?? Promise.resolve();
  let release: () => void = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  tails.set(sessionId, tail);
  await previous.catch(() => {});
  return () => {
    release();
    if (tails.get(sessionId) === tail) tails.delete(sessionId);
  };
}

export async function withSessionLock<T>(sessionId: string, run: () => Promise<T>): Promise<T> {
  const unlock = await lockSession(sessionId);
  try {
    return await run();
  } finally {
    unlock();
  }
}
