import type { EngineKnowledgeSource } from "../contracts/snapshot";

// Which page a url source's passage came from (docs/knowledge.md#url-sources). A sitemap source holds
// each of its pages as a section, `# <page title>`, and the page's address on the line below it as an
// HTML comment, `<!-- page: https://… -->`: Markdown that renders as the title alone, readable in the
// source's content, and never part of a passage. The lines are taken out before the text is cut, so a
// passage's text, heading path and id (passage-id.ts) are what they were before pages were linked, and
// each passage links the last page named above it ("Why this answer" links that page, not the sitemap).

const PAGE_LINK = /^<!-- page: (https?:\/\/\S+) -->$/;

/** The line that names a page's address under its heading. */
export function pageLinkLine(url: string): string {
  return `<!-- page: ${url} -->`;
}

interface PageLinks {
  /** The content without its page lines: what the chunker cuts. */
  text: string;
  /** Each page line's place in `text` (where it was taken out) and its address, in order. */
  links: { at: number; url: string }[];
}

/** The content's page lines taken out (each with its line break), and where each one was. */
function withoutPageLinks(content: string): PageLinks {
  if (!content.includes("<!-- page: ")) return { text: content, links: [] };
  const links: PageLinks["links"] = [];
  let text = "";
  let start = 0;
  while (start <= content.length) {
    const newline = content.indexOf("\n", start);
    const end = newline < 0 ? content.length : newline + 1;
    const line = content.slice(start, newline < 0 ? content.length : newline).replace(/\r$/, "");
    const url = PAGE_LINK.exec(line)?.[1];
    if (url) links.push({ at: text.length, url });
    else text += content.slice(start, end);
    if (newline < 0) break;
    start = end;
  }
  return { text, links };
}

/** The address a passage starting at `start` (in the text without page lines) links: its page's, else the source's. */
export function passageUrl(
  links: PageLinks["links"],
  start: number,
  sourceUrl: string | undefined,
): string | undefined {
  let url = sourceUrl;
  for (const link of links) {
    if (link.at > start) break;
    url = link.url;
  }
  return url;
}

/** A url source's page lines (none for other kinds: only a fetched sitemap writes them). */
export function pageLinksOf(source: Pick<EngineKnowledgeSource, "kind" | "content">): PageLinks {
  return source.kind === "url" ? withoutPageLinks(source.content) : { text: source.content, links: [] };
}
