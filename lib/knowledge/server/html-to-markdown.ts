import "server-only";
import { convertOnWorker, FileUnreadable, type WorkerLimits } from "./convert-on-worker";
import { HTML_TOO_DEEP, htmlNestingDepth, MAX_HTML_NESTING } from "./html-nesting";

// An uploaded or fetched HTML page as Markdown (html-markdown.ts), converted on a worker thread of its
// own (convert-on-worker.ts), as a PDF is, since turndown's cost is not linear in the page's size:
// - 60 s from the worker's start of work to its answer: 5 MiB of short paragraphs took 2.9 s of CPU
//   and 16.7 s on a loaded 2-core machine, where 8 MiB (the most a url source fetches) passed 30 s;
//   nesting costs more than linear time (10,000 nested <div>s, 60 KB, took 11 s there, and 100,000,
//   1 MB, 78 s of CPU before the request thread's stack gave out), so a page nested deeper than
//   MAX_HTML_NESTING is refused before it starts (html-nesting.ts) and the deadline stops the rest.
//   The event loop is free all along: the deadline bounds how long a request and a conversion slot
//   are held;
// - a 512 MB heap: turndown's DOM is many times its markup, so 5 MiB of short paragraphs fits and
//   20 MiB of them (14 million characters of text, past the 6 million a source holds; 1.7 GB on the
//   request thread) ends its worker, not the server.

const HTML_LIMITS: WorkerLimits = { deadlineMs: 60_000, heapMb: 512 };

/** The page's text as Markdown ("" when it holds none); FileUnreadable past a bound or nested too deep. */
export async function htmlToMarkdown(html: string, limits: WorkerLimits = HTML_LIMITS): Promise<string> {
  if (htmlNestingDepth(html) > MAX_HTML_NESTING) throw new FileUnreadable(HTML_TOO_DEEP);
  const read = await convertOnWorker(() => ({ kind: "html", html }), limits, "The page");
  return read.markdown;
}
