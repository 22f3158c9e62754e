import TurndownService from "turndown";
import { HTML_TOO_DEEP } from "./html-nesting";

// An uploaded HTML page as the Markdown a knowledge source holds (docs/knowledge.md#uploaded-files),
// converted once, on save, by turndown: h1–h6 become ATX headings, so the chunker
// (lib/engine/knowledge/chunk-source.ts) gives each passage its heading path; lists stay lists and
// tables become pipe rows, one line per row, so a row's cells stay together in one passage. Run on the
// conversion worker thread (conversion-worker.ts, started by html-to-markdown.ts), never on the thread
// that answers requests: turndown's parser and walk are recursive and a page of nested elements costs
// them more than linear time (100,000 nested <div>s, 1 MB, took 78 s of CPU); no `server-only` here,
// since a worker thread has none of Next.js's module conditions.

/** Why a page gives no Markdown: the sentence the designer reads on the file's field. */
export class HtmlRefused extends Error {}

/** What a page holds that is not its text: code, navigation, embedded objects and form controls. */
const DROPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "head",
  "title",
  "iframe",
  "object",
  "embed",
  "svg",
  "canvas",
  "button",
  "select",
  "textarea",
  "input",
]);

/**
 * Only what the chunker reads as structure is escaped: a text that would start a heading ("# 1 in
 * sales"), a setext underline or a code fence. turndown's own escaping also backslashes every `*`, `_`
 * and "1." the page holds, which the passages would then quote to the customer.
 */
function escapeStructure(text: string): string {
  return text.replace(/^(\s*)(#|```|~~~|=+\s*$|-+\s*$)/, "$1\\$2");
}

const cellText = (content: string) => content.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();

function headerRow(row: HTMLElement): boolean {
  const parent = row.parentNode as HTMLElement | null;
  if (parent?.nodeName === "THEAD") return true;
  const cells = Array.from(row.children);
  return cells.length > 0 && cells.every((cell) => cell.nodeName === "TH");
}

function converter(): TurndownService {
  const service = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced" });
  service.escape = escapeStructure;
  service.remove((node) => DROPPED.has(node.nodeName.toLowerCase()));
  service.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content) => ` ${cellText(content)} |`,
  });
  service.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const row = node as HTMLElement;
      const divider = headerRow(row) ? `\n|${" --- |".repeat(row.children.length)}` : "";
      return `\n|${content}${divider}`;
    },
  });
  service.addRule("tableSection", { filter: ["thead", "tbody", "tfoot"], replacement: (content) => content });
  service.addRule("tableCaption", { filter: "caption", replacement: (content) => `\n${cellText(content)}\n` });
  service.addRule("table", { filter: "table", replacement: (content) => `\n\n${content.trim()}\n\n` });
  // An image is its alt text: a source is text, and a data: URL would fill a passage with base64.
  service.addRule("image", {
    filter: "img",
    replacement: (_content, node) => (node as HTMLElement).getAttribute("alt")?.trim() ?? "",
  });
  return service;
}

/**
 * The page's text as Markdown, blank-line runs closed up; "" when it holds no text. HtmlRefused when
 * its elements nest deeper than the thread's stack reaches.
 */
export function htmlMarkdown(html: string): string {
  let markdown: string;
  try {
    markdown = converter().turndown(html);
  } catch (error) {
    if (!(error instanceof RangeError && /call stack/i.test(error.message))) throw error;
    throw new HtmlRefused(HTML_TOO_DEEP);
  }
  return markdown.replace(/\n{3,}/g, "\n\n").trim();
}
