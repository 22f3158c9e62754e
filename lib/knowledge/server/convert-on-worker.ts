import "server-only";
import { Worker } from "node:worker_threads";
import { withConversionSlot } from "./conversion-slots";
import type { ConversionJob, ConversionReply } from "./conversion-worker";

// An uploaded or fetched file (PDF or HTML) converted to Markdown on a worker thread of its own, with a
// deadline and a heap cap, so no file, however large or hostile, holds the event loop that answers
// requests, or a request, for longer than the deadline. The bounds of each kind are beside its
// converter (pdf-to-markdown.ts, html-to-markdown.ts); at most 2 conversions run at once in a process
// (conversion-slots.ts).

/** A file the converter refuses, or one it could not convert in time: the sentence says which. */
export class FileUnreadable extends Error {}

export interface WorkerLimits {
  deadlineMs: number;
  heapMb: number;
}

// As in lib/testers/server/tester-pool.ts: built by `next build`, the worker is a bundled .js chunk;
// unbundled (vitest, tsx scripts) its URL is the TypeScript source, which Node refuses
// (ERR_UNKNOWN_FILE_EXTENSION), and then, and from then on, it starts through tsx's loader.
const TSX_BOOTSTRAP = `import("tsx/esm/api").then((tsx) => {
  tsx.register();
  return import(require("node:worker_threads").workerData.entry);
});`;
let throughTsx = false;

/** How long a worker may take to load its converters before the conversion's own deadline starts. */
const STARTUP_MS = 30_000;
/**
 * The worker's stack: turndown's parser and walk recurse once per level of nesting, and the request
 * thread's (about 1 MB) gave out below 2,000 levels; with 64 MB a page nested 10,000 levels deep
 * converts (in 11 s on a loaded 2-core machine), and a deeper one meets the deadline first.
 */
const STACK_MB = 64;

function spawn(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb, stackSizeMb: STACK_MB };
  const worker = throughTsx
    ? new Worker(TSX_BOOTSTRAP, {
        eval: true,
        workerData: { entry: import.meta.url.replace(/[^/]+$/, "conversion-worker.ts") },
        resourceLimits,
      })
    : new Worker(new URL("./conversion-worker.ts", import.meta.url), { resourceLimits });
  // A conversion never keeps a script or a test run alive on its own.
  worker.unref();
  return worker;
}

type Converted = { markdown: string; pages: number | null };

/** One attempt; `noun` is what a refusal calls the file ("The PDF", "The page"). */
function convertOnce(job: ConversionJob, limits: WorkerLimits, noun: string): Promise<Converted | "retry"> {
  return new Promise((resolve, reject) => {
    // Whether this worker started through tsx: two started at once, before either learned that it must,
    // both fail to start and both try again.
    const viaTsx = throughTsx;
    const worker = spawn(limits.heapMb);
    let settled = false;
    // Until "ready" the worker is loading its converters (a few seconds through tsx on a loaded
    // machine): a worker that never gets there is a fault of the server's, not the file's.
    let timer = setTimeout(() => settle(() => reject(new Error("the conversion worker did not start"))), STARTUP_MS);
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    worker.on("message", (reply: ConversionReply) => {
      if ("ready" in reply) {
        clearTimeout(timer);
        timer = setTimeout(() => {
          settle(() =>
            reject(new FileUnreadable(`${noun} took more than ${limits.deadlineMs / 1000} s to read: split the file`)),
          );
        }, limits.deadlineMs);
        // A PDF's bytes move to the worker rather than being copied.
        worker.postMessage(job, job.kind === "pdf" ? [job.bytes.buffer as ArrayBuffer] : []);
        return;
      }
      if (reply.ok) settle(() => resolve({ markdown: reply.markdown, pages: reply.pages }));
      else settle(() => reject(reply.refused ? new FileUnreadable(reply.message) : new Error(reply.message)));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_UNKNOWN_FILE_EXTENSION" && !viaTsx) {
        throughTsx = true;
        settle(() => resolve("retry"));
        return;
      }
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        settle(() =>
          reject(new FileUnreadable(`${noun} needs more than ${limits.heapMb} MB of memory to read: split the file`)),
        );
        return;
      }
      settle(() => reject(error));
    });
    worker.on("exit", (code) => settle(() => reject(new Error(`the conversion worker exited with code ${code}`))));
  });
}

/**
 * The file as Markdown, converted on a worker thread once a conversion slot is free; FileUnreadable
 * when its converter refuses it or it outlasts the deadline or the heap, BusyError (503) when the
 * process already has its most conversions running and waiting. `job` makes a fresh job per attempt
 * (a PDF's bytes are handed over to the worker).
 */
export function convertOnWorker(job: () => ConversionJob, limits: WorkerLimits, noun: string): Promise<Converted> {
  return withConversionSlot(async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const read = await convertOnce(job(), limits, noun);
      if (read !== "retry") return read;
    }
    throw new Error("the conversion worker could not be started");
  });
}
