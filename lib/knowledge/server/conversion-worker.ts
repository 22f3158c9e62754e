import { parentPort } from "node:worker_threads";
import { HtmlRefused, htmlMarkdown } from "./html-markdown";
import { PdfRefused, pdfPagesMarkdown } from "./pdf-pages";

// The file converters' worker program (convert-on-worker.ts starts one per conversion). It says "ready"
// once its modules have loaded, so the conversion's deadline covers the file, not the worker's start.

export type ConversionJob = { kind: "pdf"; bytes: Uint8Array; maxPages: number } | { kind: "html"; html: string };
export type ConversionReply =
  | { ready: true }
  | { ok: true; markdown: string; pages: number | null }
  | { ok: false; refused: boolean; message: string };

async function converted(job: ConversionJob): Promise<{ markdown: string; pages: number | null }> {
  if (job.kind === "pdf") return pdfPagesMarkdown(job.bytes, job.maxPages);
  return { markdown: htmlMarkdown(job.html), pages: null };
}

const port = parentPort;
if (port) {
  port.once("message", async (job: ConversionJob) => {
    let reply: ConversionReply;
    try {
      reply = { ok: true, ...(await converted(job)) };
    } catch (error) {
      const refused = error instanceof PdfRefused || error instanceof HtmlRefused;
      reply = { ok: false, refused, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies ConversionReply);
}
