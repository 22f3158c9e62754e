import "server-only";
import { type BundleKnowledgeSource, KNOWLEDGE_SOURCE_MAX_CHARS } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import type { KnowledgeFileUpload, KnowledgeSourceInput } from "../knowledge-schemas";
import { FileUnreadable } from "./convert-on-worker";
import { htmlToMarkdown } from "./html-to-markdown";
import { pdfToMarkdown } from "./pdf-to-markdown";
import { hasText, storable } from "./storable-text";
import { urlSourceContent } from "./url-source-content";

// A write's body as the source the bundle keeps (docs/knowledge.md#uploaded-files): an uploaded file
// converted to Markdown here, once, on save, so the engine and the bundle only ever hold text. A file
// that gives no text, or more than a source holds, is refused on its own field and nothing is written.

function refuse(field: string, message: string): never {
  throw new AppError("VALIDATION", `${message}; nothing was saved.`, [{ path: field, message }]);
}

type FileKind = "text" | "markdown" | "html" | "pdf";

/** A text file's characters; refused when it is not UTF-8 or holds a NUL (a binary file). */
function textOfFile(bytes: Uint8Array, field: string): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    refuse(field, "The file is not UTF-8 text: save it as UTF-8, or upload it as the kind it is");
  }
  if (text.includes("\u0000")) refuse(field, "The file holds binary data, not text");
  return text.replace(/^\uFEFF/, "");
}

/** The file's text as the source keeps it: Markdown and text as they are, HTML and PDF converted. */
async function markdownOfFile(kind: FileKind, file: string | Uint8Array, field: string): Promise<string> {
  if (kind === "pdf") {
    const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
    const read = await pdfToMarkdown(bytes).catch((error: unknown) => {
      if (error instanceof FileUnreadable) refuse(field, error.message);
      throw error;
    });
    const markdown = storable(read.markdown);
    if (!hasText(markdown)) {
      refuse(
        field,
        "The PDF has no text to answer from (a scanned PDF holds pictures of its pages: run OCR on it first)",
      );
    }
    return markdown;
  }
  const text = typeof file === "string" ? file : textOfFile(file, field);
  if (kind === "html") {
    const converted = await htmlToMarkdown(text).catch((error: unknown) => {
      if (error instanceof FileUnreadable) refuse(field, error.message);
      throw error;
    });
    const markdown = storable(converted);
    if (!hasText(markdown))
      refuse(field, "The page has no text to answer from once scripts, styles and navigation are left out");
    return markdown;
  }
  const kept = storable(text);
  if (kept.trim() === "") refuse(field, "The file has no text");
  return kept;
}

/** The converted text, refused on the file's field when a source cannot hold it. */
function withinSource(markdown: string, field: string): string {
  if (markdown.length > KNOWLEDGE_SOURCE_MAX_CHARS) {
    refuse(
      field,
      `The file's text is ${markdown.length.toLocaleString("en")} characters; a source holds at most ${KNOWLEDGE_SOURCE_MAX_CHARS.toLocaleString("en")}: split the file`,
    );
  }
  return markdown;
}

async function converted(input: KnowledgeSourceInput): Promise<{ field: string; markdown: string } | null> {
  if (input.kind === "html" && input.html !== undefined) {
    return { field: "html", markdown: await markdownOfFile("html", input.html, "html") };
  }
  if (input.kind === "pdf" && input.pdf_base64 !== undefined) {
    // A plain Uint8Array: pdf.js refuses a Buffer ("provide binary data as Uint8Array").
    const bytes = Uint8Array.from(Buffer.from(input.pdf_base64, "base64"));
    return { field: "pdf_base64", markdown: await markdownOfFile("pdf", bytes, "pdf_base64") };
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
  return { source: { ...fields, key, content: withinSource(file.markdown, file.field) }, read: null };
}

/** An uploaded file's (multipart) text, converted by kind, refused on `file`. */
export async function textOfUpload(upload: Pick<KnowledgeFileUpload, "kind" | "file">): Promise<string> {
  const bytes = new Uint8Array(await upload.file.arrayBuffer());
  return withinSource(await markdownOfFile(upload.kind, bytes, "file"), "file");
}

/** An uploaded file (multipart) as the source the bundle keeps: its text, converted by kind, on `file`. */
export async function storedSourceOfUpload(upload: KnowledgeFileUpload, key: string): Promise<BundleKnowledgeSource> {
  const { file, ...fields } = upload;
  return { ...fields, key, content: await textOfUpload(upload), entries: [] };
}
