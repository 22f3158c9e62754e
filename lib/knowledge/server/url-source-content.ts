import "server-only";
import { KNOWLEDGE_SOURCE_MAX_CHARS } from "@/lib/engine/contracts/bundle";
import { AppError } from "@/lib/server/errors";
import { shownUrl, UrlFetchFailed } from "./fetch-knowledge-url";
import { hasText, storable } from "./storable-text";
import { SitemapTooLarge, urlSourceText } from "./url-source-markdown";

// A url source's text as the bundle keeps it (docs/knowledge.md#url-sources), or the one sentence why
// the URL gives none, on the `url` field: the save and the refresh both read a URL through here, so a
// refresh fails for the same reasons, in the same words, as the save that would write it.

function refused(code: "VALIDATION" | "SITEMAP_TOO_LARGE", message: string): AppError {
  return new AppError(code, `${message}; nothing was saved.`, [{ path: "url", message }]);
}

/** The URL's text (storable, with text, within a source's size), or an AppError on `url`. */
export async function urlSourceContent(url: string): Promise<{ markdown: string; sitemapPages: number | null }> {
  const read = await urlSourceText(url).catch((error: unknown) => {
    if (error instanceof UrlFetchFailed) throw refused("VALIDATION", error.message);
    if (error instanceof SitemapTooLarge) throw refused("SITEMAP_TOO_LARGE", error.message);
    throw error;
  });
  const markdown = storable(read.markdown).trim();
  const shown = shownUrl(url);
  if (!hasText(markdown)) {
    throw refused("VALIDATION", `${shown} has no text to answer from once scripts, styles and navigation are left out`);
  }
  if (markdown.length > KNOWLEDGE_SOURCE_MAX_CHARS) {
    throw refused(
      "VALIDATION",
      `${shown} gives ${markdown.length.toLocaleString("en")} characters of text; a source holds at most ${KNOWLEDGE_SOURCE_MAX_CHARS.toLocaleString("en")}`,
    );
  }
  return { markdown, sitemapPages: read.sitemapPages };
}
