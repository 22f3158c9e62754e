import { AppError } from "@/lib/server/errors";

// Every tester is open to viewers and runs designer-typed code on the server: 30 tests a minute per
// operator is far above typing and clicking "Test" (one every 2 s, sustained), with a burst of 30
// for pasting a list of values. Counters live in this process's memory: a limit per instance is
// enough to keep one operator from monopolising the tester worker, and nothing is lost on restart.
const TESTER_BURST = 30;
const TESTER_REFILL_PER_MINUTE = 30;
// Idle buckets are full again after a minute; forget them past 10,000 operators rather than grow.
const MAX_TRACKED = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class TesterRateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  constructor(
    private readonly burst = TESTER_BURST,
    private readonly refillPerMinute = TESTER_REFILL_PER_MINUTE,
  ) {}

  /** Takes one test from the operator's bucket, or throws RATE_LIMITED saying when to retry. */
  take(operatorId: string, now = Date.now()): void {
    const bucket = this.#buckets.get(operatorId) ?? { tokens: this.burst, at: now };
    const refilled = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.refillPerMinute);
    if (refilled < 1) {
      const seconds = Math.ceil(((1 - refilled) / this.refillPerMinute) * 60);
      this.#buckets.set(operatorId, { tokens: refilled, at: now });
      throw new AppError(
        "RATE_LIMITED",
        `Too many tests: at most ${this.refillPerMinute} a minute. Try again in ${seconds} s.`,
      );
    }
    if (!this.#buckets.has(operatorId) && this.#buckets.size >= MAX_TRACKED) this.#buckets.clear();
    this.#buckets.set(operatorId, { tokens: refilled - 1, at: now });
  }
}

export const testerRateLimiter = new TesterRateLimiter();
