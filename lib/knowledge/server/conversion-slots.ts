import "server-only";
import { BusyError } from "@/lib/server/errors";

// How many uploaded or fetched files this process converts at once (docs/knowledge.md#uploaded-files).
// Each conversion is a worker thread with a heap of up to 512 MB, so N uploads at once would be N such
// heaps: at most 2 run (one per core of a 2-core machine), at most 8 more wait their turn in arrival
// order (a sitemap's 4 pages at a time and a few uploads beside them), and one more is refused at once
// with 503 and Retry-After rather than held. A waiting conversion holds only its file's bytes (≤ 20 MB).

export interface ConversionLimits {
  running: number;
  waiting: number;
}

const CONVERSION_LIMITS: ConversionLimits = { running: 2, waiting: 8 };
/** A PDF is read within 30 s and a page within 60 s, most in a few seconds: a slot is free again by then. */
const RETRY_AFTER_SECONDS = 30;

/** A process-wide gate: `run` starts the work when a slot is free, queues it, or refuses it. */
export function conversionGate(limits: ConversionLimits) {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < limits.running) running += 1;
      else if (queue.length < limits.waiting) await new Promise<void>((start) => queue.push(start));
      else {
        throw new BusyError(
          `The server is converting ${limits.running} files and has ${limits.waiting} more waiting, its limit: send the request again in ${RETRY_AFTER_SECONDS} s; nothing was saved.`,
          RETRY_AFTER_SECONDS,
        );
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

const processGate = conversionGate(CONVERSION_LIMITS);

/** Runs one file's conversion under the process's limit (BusyError, 503, past the queue). */
export const withConversionSlot = <T>(work: () => Promise<T>): Promise<T> => processGate.run(work);
