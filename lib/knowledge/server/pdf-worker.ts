import { parentPort } from "node:worker_threads";
import { PdfRefused, pdfPagesMarkdown } from "./pdf-pages";

// The PDF worker's program (pdf-to-markdown.ts starts one per conversion). It says "ready" once its
// modules have loaded, so the conversion's deadline covers the PDF, not the worker's start.

export type PdfJob = { bytes: Uint8Array; maxPages: number };
export type PdfReply =
  | { ready: true }
  | { ok: true; markdown: string; pages: number }
  | { ok: false; refused: boolean; message: string };

const port = parentPort;
if (port) {
  port.once("message", async ({ bytes, maxPages }: PdfJob) => {
    let reply: PdfReply;
    try {
      reply = { ok: true, ...(await pdfPagesMarkdown(bytes, maxPages)) };
    } catch (error) {
      const refused = error instanceof PdfRefused;
      reply = { ok: false, refused, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies PdfReply);
}
