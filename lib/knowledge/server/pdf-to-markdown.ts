import "server-only";
import { Worker } from "node:worker_threads";
import type { PdfJob, PdfReply } from "./pdf-worker";

// An uploaded or fetched PDF as Markdown (pdf-pages.ts), converted on a worker thread of its own with
// a page cap, a deadline and a heap cap, so no PDF, however large or hostile, holds the event loop that
// answers requests, or a request, for longer than the deadline:
// - at most 2,000 pages, counted before a page is read: the text a source holds (6,000,000 characters)
//   is 2,000 dense pages of 3,000 characters;
// - 30 s from the worker's start of work to its answer: pdf.js read 500 text pages (2 MB of text) in
//   6.7 s on a loaded 2-core machine, so 2,000 pages fit with room; a PDF built to make pdf.js spin
//   (a content stream that loops, a million tiny objects) is stopped there, its worker terminated;
// - a 512 MB heap: the same 500 pages peaked at 193 MB of the whole process, so a 20 MB PDF of text
//   fits, and one that would take more ends its worker, not the server.

/** A PDF the converter refuses, or one it could not read in time: the sentence says which. */
export class PdfUnreadable extends Error {}

export interface PdfLimits {
  maxPages: number;
  deadlineMs: number;
  heapMb: number;
}

const PDF_LIMITS: PdfLimits = { maxPages: 2_000, deadlineMs: 30_000, heapMb: 512 };

// As in lib/testers/server/tester-pool.ts: built by `next build`, the worker is a bundled .js chunk;
// unbundled (vitest, tsx scripts) its URL is the TypeScript source, which Node refuses
// (ERR_UNKNOWN_FILE_EXTENSION), and then, and from then on, it starts through tsx's loader.
const TSX_BOOTSTRAP = `import("tsx/esm/api").then((tsx) => {
  tsx.register();
  return import(require("node:worker_threads").workerData.entry);
});`;
let throughTsx = false;

/** How long a worker may take to load pdf.js before the conversion's own deadline starts. */
const STARTUP_MS = 30_000;

function spawn(heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  const worker = throughTsx
    ? new Worker(TSX_BOOTSTRAP, {
        eval: true,
        workerData: { entry: import.meta.url.replace(/[^/]+$/, "pdf-worker.ts") },
        resourceLimits,
      })
    : new Worker(new URL("./pdf-worker.ts", import.meta.url), { resourceLimits });
  // A conversion never keeps a script or a test run alive on its own.
  worker.unref();
  return worker;
}

function convertOnce(job: PdfJob, limits: PdfLimits): Promise<{ markdown: string; pages: number } | "retry"> {
  return new Promise((resolve, reject) => {
    const worker = spawn(limits.heapMb);
    let settled = false;
    // Until "ready" the worker is loading pdf.js (a few seconds through tsx on a loaded machine): a
    // worker that never gets there is a fault of the server's, not the PDF's.
    let timer = setTimeout(() => settle(() => reject(new Error("the PDF worker did not start"))), STARTUP_MS);
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    worker.on("message", (reply: PdfReply) => {
      if ("ready" in reply) {
        clearTimeout(timer);
        timer = setTimeout(() => {
          settle(() =>
            reject(new PdfUnreadable(`The PDF took more than ${limits.deadlineMs / 1000} s to read: split the file`)),
          );
        }, limits.deadlineMs);
        // The bytes move to the worker rather than being copied.
        worker.postMessage(job, [job.bytes.buffer as ArrayBuffer]);
        return;
      }
      if (reply.ok) settle(() => resolve({ markdown: reply.markdown, pages: reply.pages }));
      else settle(() => reject(reply.refused ? new PdfUnreadable(reply.message) : new Error(reply.message)));
    });
    worker.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ERR_UNKNOWN_FILE_EXTENSION" && !throughTsx) {
        throughTsx = true;
        settle(() => resolve("retry"));
        return;
      }
      if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
        settle(() =>
          reject(new PdfUnreadable(`The PDF needs more than ${limits.heapMb} MB of memory to read: split the file`)),
        );
        return;
      }
      settle(() => reject(error));
    });
    worker.on("exit", (code) => settle(() => reject(new Error(`the PDF worker exited with code ${code}`))));
  });
}

/**
 * The PDF's pages as Markdown, one "# Page N" heading each; PdfUnreadable when it cannot be read (not a
 * PDF, damaged, encrypted), has more pages than the cap, or outlasts the deadline or the heap.
 */
export async function pdfToMarkdown(
  bytes: Uint8Array,
  limits: PdfLimits = PDF_LIMITS,
): Promise<{ markdown: string; pages: number }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    // A copy of its own: the bytes are handed over to the worker, and the caller's stay usable.
    const read = await convertOnce({ bytes: Uint8Array.from(bytes), maxPages: limits.maxPages }, limits);
    if (read !== "retry") return read;
  }
  throw new Error("the PDF worker could not be started");
}
