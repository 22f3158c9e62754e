import "server-only";
import { KNOWLEDGE_SOURCE_MAX_CHARS } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import type { KnowledgeSourceInput } from "../knowledge-schemas";
import { htmlToMarkdown } from "./html-to-markdown";
import { PdfUnreadable, pdfToMarkdown } from "./pdf-to-markdown";

// A write's body as the source the bundle keeps (docs/knowledge.md#uploaded-files): an uploaded file
// converted to Markdown here, once, on save, so the engine and the bundle only ever hold text. A file
// that gives no text, or more than a source holds, is refused on its own field and nothing is written.

/** The C0 controls the text policy allows (input-text-policy.ts): tab, line feed, carriage return. */
const KEPT_CONTROLS = new Set(["\t", "\n", "\r"]);

/**
 * A file's text as the text policy would admit it: a PDF's text comes from its glyph maps, not from a
 * policed body, and a NUL there would not store in jsonb; unpaired surrogates become U+FFFD.
 */
function storable(text: string): string {
  let out = "";
  for (const char of text.toWellFormed()) {
    if (char >= " " || KEPT_CONTROLS.has(char)) out += char;
  }
  return out;
}

/** Whether the Markdown holds a line of text under its headings. */
const hasText = (markdown: string) => markdown.split("\n").some((line) => line.trim() !== "" && !/^#{1,6} /.test(line));

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

/** The source as the bundle keeps it: a file's fields replaced by the Markdown they convert to. */
export async function storedSourceOf(input: KnowledgeSourceInput, key: string) {
  const { html, pdf_base64, ...fields } = input;
  const file = await converted(input);
  if (!file) return { ...fields, key };
  if (file.markdown.length > KNOWLEDGE_SOURCE_MAX_CHARS) {
    refuse(
      file.field,
      `The file's text is ${file.markdown.length.toLocaleString("en")} characters; a source holds at most ${KNOWLEDGE_SOURCE_MAX_CHARS.toLocaleString("en")}: split the file`,
    );
  }
  return { ...fields, key, content: file.markdown };
}
