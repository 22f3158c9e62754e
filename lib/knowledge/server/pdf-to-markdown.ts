import "server-only";
import { convertOnWorker, type WorkerLimits } from "./convert-on-worker";

// An uploaded or fetched PDF as Markdown (pdf-pages.ts), converted on a worker thread of its own
// (convert-on-worker.ts) with a page cap, a deadline and a heap cap:
// - at most 2,000 pages, counted before a page is read: the text a source holds (6,000,000 characters)
//   is 2,000 dense pages of 3,000 characters;
// - 30 s from the worker's start of work to its answer: pdf.js read 500 text pages (2 MB of text) in
//   6.7 s on a loaded 2-core machine, so 2,000 pages fit with room; a PDF built to make pdf.js spin
//   (a content stream that loops, a million tiny objects) is stopped there, its worker terminated;
// - a 512 MB heap: the same 500 pages peaked at 193 MB of the whole process, so a 20 MB PDF of text
//   fits, and one that would take more ends its worker, not the server.

export interface PdfLimits extends WorkerLimits {
  maxPages: number;
}

const PDF_LIMITS: PdfLimits = { maxPages: 2_000, deadlineMs: 30_000, heapMb: 512 };

/**
 * The PDF's pages as Markdown, one "# Page N" heading each; FileUnreadable when it cannot be read (not
 * a PDF, damaged, encrypted), has more pages than the cap, or outlasts the deadline or the heap.
 */
export async function pdfToMarkdown(
  bytes: Uint8Array,
  limits: PdfLimits = PDF_LIMITS,
): Promise<{ markdown: string; pages: number }> {
  // A copy of its own per attempt: the bytes are handed over to the worker, and the caller's stay usable.
  const read = await convertOnWorker(
    () => ({ kind: "pdf", bytes: Uint8Array.from(bytes), maxPages: limits.maxPages }),
    limits,
    "The PDF",
  );
  return { markdown: read.markdown, pages: read.pages ?? 0 };
}
