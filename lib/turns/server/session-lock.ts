// Turns of one session run one after another in this process (the 20-parallel-posts case); across
// app instances the persist step's turn_count check makes a racing turn run again on fresh state.
const tails = new Map<string, Promise<unknown>>();

export async function withSessionLock<T>(sessionId: string, run: () => Promise<T>): Promise<T> {
  const previous = tails.get(sessionId) ?? Promise.resolve();
  let release: () => void = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const tail = previous.then(() => mine);
  tails.set(sessionId, tail);
  await previous.catch(() => {});
  try {
    return await run();
  } finally {
    release();
    if (tails.get(sessionId) === tail) tails.delete(sessionId);
  }
}
