import { extractText, getDocumentProxy } from "unpdf";
import { pageHeading } from "../knowledge-files";

// A PDF's pages as the Markdown a knowledge source holds (docs/knowledge.md#uploaded-files), by unpdf
// (pdf.js): each page's text under a "# Page N" heading, so every passage the chunker cuts from it
// carries its page as its heading path, and a citation says where in the file the answer is. A PDF has
// no headings of its own that pdf.js can read back, so the page is the only structure kept; an empty
// page (a scan, a picture) keeps its heading for the page count. Run on the PDF worker thread
// (conversion-worker.ts), never on the thread that answers requests; no `server-only` here, since a worker
// thread has none of Next.js's module conditions.

/** Why a PDF gives no text: the sentence the designer reads on the file's field. */
export class PdfRefused extends Error {}

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

/**
 * The PDF's pages as Markdown; PdfRefused when pdf.js cannot open it (not a PDF, damaged, encrypted)
 * or it has more than `maxPages` pages (counted before any page is read).
 */
export async function pdfPagesMarkdown(
  bytes: Uint8Array,
  maxPages: number,
): Promise<{ markdown: string; pages: number }> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // verbosity 0: pdf.js logs its repairs of a damaged file ("Indexing all PDF objects") to the console.
    document = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    const password = error instanceof Error && error.name === "PasswordException";
    throw new PdfRefused(password ? "The PDF is password-protected" : "The file is not a PDF that can be read");
  }
  if (document.numPages > maxPages) {
    throw new PdfRefused(
      `The PDF has ${document.numPages.toLocaleString("en")} pages; a source reads at most ${maxPages.toLocaleString("en")}: split the file`,
    );
  }
  let pages: string[];
  try {
    pages = (await extractText(document, { mergePages: false })).text;
  } catch {
    throw new PdfRefused("The file is not a PDF that can be read");
  }
  const markdown = pages.map((text, i) => `${pageHeading(i + 1)}\n\n${pageText(text)}`.trim()).join("\n\n");
  return { markdown, pages: pages.length };
}
