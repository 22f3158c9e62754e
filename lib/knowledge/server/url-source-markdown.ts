import "server-only";
import { pageLinkLine } from "@/lib/engine/knowledge/page-links";
import { FileUnreadable } from "./convert-on-worker";
import { type FetchedUrl, fetchKnowledgeUrl, shownUrl, UrlFetchFailed, urlFetchLimits } from "./fetch-knowledge-url";
import { htmlToMarkdown } from "./html-to-markdown";
import { pdfToMarkdown } from "./pdf-to-markdown";
import { looksLikeXml, sitemapKind, sitemapLocations } from "./sitemap";
import { hasText, storable } from "./storable-text";

// A url source's text (docs/knowledge.md#url-sources): the page the URL answers, converted as an
// uploaded file is (HTML through html-to-markdown, PDF through pdf-to-markdown, Markdown and plain
// text kept), or, when the URL answers a sitemap, each page it lists under its own `#` heading (its
// title), the page's own headings one level down. All or nothing: one page that fails fails the
// source, so a save or refresh never keeps part of a site.

/**
 * The most pages a sitemap source reads: the 200 sources an agent may have, each a page, fit in one,
 * and 200 pages are read within the minute below.
 */
const SITEMAP_MAX_PAGES = 200;
/** The most sitemaps a sitemap index may list (each fetched to count its pages). */
const SITEMAP_INDEX_MAX = 10;
/** Pages read side by side: a site answers four at a time without a crawler's burst. */
const PAGE_CONCURRENCY = 4;
/**
 * A sitemap's pages are read within a minute altogether: 200 pages at 4 a time and 1 s each take 50 s,
 * while each page's own 10 s deadline alone would let a slow site hold a save for 500 s.
 */
const SITEMAP_DEADLINE_MS = 60_000;

/** A sitemap listing more pages than a source reads: refused whole, never cut short. */
export class SitemapTooLarge extends Error {}

export interface UrlSourceText {
  markdown: string;
  /** How many pages a sitemap gave; null for a single page. */
  sitemapPages: number | null;
}

function decoded(fetched: FetchedUrl): string {
  try {
    return new TextDecoder(fetched.charset ?? "utf-8").decode(fetched.bytes);
  } catch {
    // An encoding label TextDecoder does not know: read as UTF-8, the web's default.
    return new TextDecoder("utf-8").decode(fetched.bytes);
  }
}

const isPdf = (fetched: FetchedUrl) =>
  fetched.mediaType === "application/pdf" || fetched.bytes.subarray(0, 5).toString("latin1") === "%PDF-";
const isHtml = (type: string) => type === "text/html" || type === "application/xhtml+xml";
const isText = (type: string) => type === "text/plain" || type === "text/markdown" || type === "text/x-markdown";
const isXml = (type: string) => type === "application/xml" || type === "text/xml" || type.endsWith("+xml");

/** The page's `<title>`, entities of the common five decoded; null without one. */
function htmlTitle(html: string): string | null {
  const title = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1];
  if (!title) return null;
  const text = title
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text === "" ? null : text;
}

interface PageText {
  title: string | null;
  markdown: string;
}

async function pageText(fetched: FetchedUrl): Promise<PageText> {
  const shown = shownUrl(fetched.url);
  if (isPdf(fetched)) {
    const read = await pdfToMarkdown(Uint8Array.from(fetched.bytes)).catch((error: unknown) => {
      if (error instanceof FileUnreadable) throw new UrlFetchFailed(`${shown}: ${error.message}`);
      throw error;
    });
    if (!hasText(storable(read.markdown))) {
      throw new UrlFetchFailed(
        `${shown} is a PDF with no text to answer from (a scanned PDF holds pictures of its pages: run OCR on it first)`,
      );
    }
    return { title: null, markdown: read.markdown };
  }
  const text = decoded(fetched);
  const type = fetched.mediaType;
  if (isHtml(type) || (type === "" && /^\s*</.test(text))) {
    const markdown = await htmlToMarkdown(text).catch((error: unknown) => {
      if (error instanceof FileUnreadable) throw new UrlFetchFailed(`${shown}: ${error.message}`);
      throw error;
    });
    return { title: htmlTitle(text), markdown };
  }
  if (isText(type) || type === "") return { title: null, markdown: text };
  throw new UrlFetchFailed(`${shown} answered ${type}, which is not HTML, Markdown, plain text, a PDF or a sitemap`);
}

/** A page's Markdown one heading level down (h6 stays h6), code fences left alone, so its title can head it. */
function demoted(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      return !fenced && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join("\n");
}

/** The sitemap's pages, a sitemap index's sitemaps read for theirs; refused past the cap, not cut short. */
async function sitemapPages(first: FetchedUrl, text: string): Promise<string[]> {
  const shown = shownUrl(first.url);
  const tooMany = (count: number, what: string) =>
    new SitemapTooLarge(
      `${shown} ${what} ${count.toLocaleString("en")} pages; a source reads at most ${SITEMAP_MAX_PAGES}: give a smaller sitemap or a page`,
    );
  if (sitemapKind(text) === "urlset") {
    const pages = sitemapLocations(text);
    if (pages.length > SITEMAP_MAX_PAGES) throw tooMany(pages.length, "lists");
    return pages;
  }
  const sitemaps = sitemapLocations(text);
  if (sitemaps.length > SITEMAP_INDEX_MAX) {
    throw new SitemapTooLarge(
      `${shown} is a sitemap index of ${sitemaps.length.toLocaleString("en")} sitemaps; a source reads at most ${SITEMAP_INDEX_MAX}`,
    );
  }
  const pages: string[] = [];
  for (const url of sitemaps) {
    const child = await fetchKnowledgeUrl(url);
    const childText = decoded(child);
    if (sitemapKind(childText) !== "urlset") {
      throw new UrlFetchFailed(`${shownUrl(url)}, listed in the sitemap index ${shown}, is not a sitemap of pages`);
    }
    pages.push(...sitemapLocations(childText));
    if (pages.length > SITEMAP_MAX_PAGES) throw tooMany(pages.length, "lists at least");
  }
  return pages;
}

async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
  beforeEach: () => void,
): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size) {
    beforeEach();
    results.push(...(await Promise.all(items.slice(at, at + size).map(work))));
  }
  return results;
}

/**
 * A sitemap's pages as one Markdown text: each page under `# <its title>` with its address on the line
 * below, in the sitemap's order.
 */
async function sitemapMarkdown(first: FetchedUrl, text: string): Promise<UrlSourceText> {
  const pages = [...new Set(await sitemapPages(first, text))];
  if (pages.length === 0) throw new UrlFetchFailed(`${shownUrl(first.url)} is a sitemap that lists no pages`);
  const limits = urlFetchLimits();
  const deadline = Date.now() + SITEMAP_DEADLINE_MS;
  const inTime = () => {
    if (Date.now() > deadline) {
      throw new UrlFetchFailed(
        `the pages of ${shownUrl(first.url)} took more than ${SITEMAP_DEADLINE_MS / 1000} s to read; give a smaller sitemap`,
      );
    }
  };
  const sections = await inBatches(
    pages,
    PAGE_CONCURRENCY,
    async (url) => {
      const fetched = await fetchKnowledgeUrl(url, limits);
      const body = decoded(fetched);
      if (isXml(fetched.mediaType) || looksLikeXml(body)) {
        throw new UrlFetchFailed(`${shownUrl(url)}, listed in the sitemap ${shownUrl(first.url)}, is not a page`);
      }
      const page = await pageText(fetched);
      const title = (page.title ?? shownUrl(url)).replace(/^#+\s*/, "");
      // The page's address under its title: its passages link it (page-links.ts), never quote it.
      return `# ${title}\n${pageLinkLine(new URL(url).href)}\n\n${demoted(page.markdown).trim()}`;
    },
    inTime,
  );
  return { markdown: sections.join("\n\n"), sitemapPages: pages.length };
}

/** The URL's text as a source keeps it; UrlFetchFailed or SitemapTooLarge say why it gives none. */
export async function urlSourceText(url: string): Promise<UrlSourceText> {
  const fetched = await fetchKnowledgeUrl(url);
  if (!isPdf(fetched)) {
    const text = decoded(fetched);
    if (isXml(fetched.mediaType) || looksLikeXml(text)) {
      if (sitemapKind(text) === null) {
        throw new UrlFetchFailed(`${shownUrl(url)} answered XML that is not a sitemap (<urlset> or <sitemapindex>)`);
      }
      return sitemapMarkdown(fetched, text);
    }
  }
  return { markdown: (await pageText(fetched)).markdown, sitemapPages: null };
}
