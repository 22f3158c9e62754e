import { classifyDbError } from "@/db/transient-error";

// A serialization failure (40001) or deadlock (40P01) rolled the whole transaction back, and the
// server's documented remedy is to run it again. 3 more tries, each after a random wait in
// [0, 25 · 4^n) ms (0–25, 0–100, 0–400: ~0.5 s at worst), so two transactions that collided do not
// collide again in step; after that the request answers 503 RETRY and the client tries later.
const RETRIES = 3;
const BASE_WAIT_MS = 25;

export interface RetryOptions {
  retries?: number;
  /** Random source in [0, 1), for tests. */
  random?: () => number;
}

/** Runs `transaction` again (bounded, with jitter) while it fails with a serialization failure or deadlock. */
export async function retryOnConflict<T>(transaction: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const retries = options.retries ?? RETRIES;
  const random = options.random ?? Math.random;
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= retries || classifyDbError(error) !== "retry") throw error;
      await new Promise((resolve) => setTimeout(resolve, random() * BASE_WAIT_MS * 4 ** attempt));
    }
  }
}
