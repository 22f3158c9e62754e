import "server-only";
import { extractText, getDocumentProxy } from "unpdf";
import { pageHeading } from "../knowledge-files";

// An uploaded PDF as the Markdown a knowledge source holds (docs/knowledge.md#uploaded-files),
// converted once, on save, by unpdf (pdf.js): each page's text under a "# Page N" heading, so every
// passage the chunker cuts from it carries its page as its heading path, and a citation says where
// in the file the answer is. A PDF has no headings of its own that pdf.js can read back, so the page
// is the only structure kept; an empty page (a scan, a picture) keeps its heading for the page count.

export class PdfUnreadable extends Error {}

/** A line of the page the chunker would read as structure (a "#", a setext underline, a code fence), escaped. */
const escapeLine = (line: string) => line.replace(/^(\s*)(#|```|~~~|=+\s*$|-+\s*$)/, "$1\\$2");

function pageText(text: string): string {
  return text
    .split("\n")
    .map((line) => escapeLine(line.replace(/[^\S\n]+/g, " ").trim()))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The PDF's pages as Markdown; PdfUnreadable when pdf.js cannot open it (not a PDF, damaged, encrypted). */
export async function pdfToMarkdown(bytes: Uint8Array): Promise<{ markdown: string; pages: number }> {
  let pages: string[];
  try {
    // verbosity 0: pdf.js logs its repairs of a damaged file ("Indexing all PDF objects") to the console.
    const document = await getDocumentProxy(bytes, { verbosity: 0 });
    pages = (await extractText(document, { mergePages: false })).text;
  } catch (error) {
    const password = error instanceof Error && error.name === "PasswordException";
    throw new PdfUnreadable(password ? "The PDF is password-protected" : "The file is not a PDF that can be read");
  }
  const markdown = pages.map((text, i) => `${pageHeading(i + 1)}\n\n${pageText(text)}`.trim()).join("\n\n");
  return { markdown, pages: pages.length };
}
