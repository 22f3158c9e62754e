import "server-only";
import { type BundleKnowledgeSource, KNOWLEDGE_SOURCE_MAX_CHARS } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import type { KnowledgeSourceInput } from "../knowledge-schemas";
import { htmlToMarkdown } from "./html-to-markdown";
import { PdfUnreadable, pdfToMarkdown } from "./pdf-to-markdown";
import { hasText, storable } from "./storable-text";
import { urlSourceContent } from "./url-source-content";

// A write's body as the source the bundle keeps (docs/knowledge.md#uploaded-files): an uploaded file
// converted to Markdown here, once, on save, so the engine and the bundle only ever hold text. A file
// that gives no text, or more than a source holds, is refused on its own field and nothing is written.

function refuse(field: string, message: string): never {
  throw new AppError("VALIDATION", `${message}; nothing was saved.`, [{ path: field, message }]);
}

async function converted(input: KnowledgeSourceInput): Promise<{ field: string; markdown: string } | null> {
  if (input.kind === "html" && input.html !== undefined) {
    const markdown = storable(htmlToMarkdown(input.html));
    if (!hasText(markdown))
      refuse("html", "The page has no text to answer from once scripts, styles and navigation are left out");
    return { field: "html", markdown };
  }
  if (input.kind === "pdf" && input.pdf_base64 !== undefined) {
    // A plain Uint8Array: pdf.js refuses a Buffer ("provide binary data as Uint8Array").
    const read = await pdfToMarkdown(Uint8Array.from(Buffer.from(input.pdf_base64, "base64"))).catch(
      (error: unknown) => {
        if (error instanceof PdfUnreadable) refuse("pdf_base64", error.message);
        throw error;
      },
    );
    const markdown = storable(read.markdown);
    if (!hasText(markdown)) {
      refuse(
        "pdf_base64",
        "The PDF has no text to answer from (a scanned PDF holds pictures of its pages: run OCR on it first)",
      );
    }
    return { field: "pdf_base64", markdown };
  }
  return null;
}

/** What a url source's save read: how many pages its sitemap gave (null for one page). */
export interface UrlRead {
  sitemapPages: number | null;
}

/**
 * The source as the bundle keeps it: a file's fields replaced by the Markdown they convert to, a url
 * source without `content` fetched (`read` says what the fetch gave; null when nothing was fetched).
 */
export async function storedSourceOf(
  input: KnowledgeSourceInput,
  key: string,
): Promise<{ source: BundleKnowledgeSource; read: UrlRead | null }> {
  const { html, pdf_base64, url, refresh_hours, ...rest } = input;
  // A url source always carries its interval (null: on demand), so a GET sent back compares equal.
  const fields = input.kind === "url" ? { ...rest, url, refresh_hours: refresh_hours ?? null } : rest;
  if (input.kind === "url" && input.content === "" && input.url !== undefined) {
    const fetched = await urlSourceContent(input.url);
    return { source: { ...fields, key, content: fetched.markdown }, read: { sitemapPages: fetched.sitemapPages } };
  }
  const file = await converted(input);
  if (!file) return { source: { ...fields, key }, read: null };
  if (file.markdown.length > KNOWLEDGE_SOURCE_MAX_CHARS) {
    refuse(
      file.field,
      `The file's text is ${file.markdown.length.toLocaleString("en")} characters; a source holds at most ${KNOWLEDGE_SOURCE_MAX_CHARS.toLocaleString("en")}: split the file`,
    );
  }
  return { source: { ...fields, key, content: file.markdown }, read: null };
}
