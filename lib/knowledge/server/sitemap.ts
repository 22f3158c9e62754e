// A sitemap (sitemaps.org protocol 0.9) read for its page addresses: the root element names it (`urlset`
// lists pages, `sitemapindex` lists more sitemaps), each `<loc>` one address. Read with patterns rather
// than an XML parser: only the root's name and the `<loc>` texts matter, and both are plain text with
// the five XML entities (the protocol requires entity-escaped URLs). Pure.

export type SitemapKind = "urlset" | "sitemapindex";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, (_, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? "";
    const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** The document's root element without its namespace prefix, past the prolog, comments and a doctype. */
function rootName(xml: string): string | null {
  const start = xml
    .replace(/^\uFEFF/, "")
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>/gi, "")
    .trimStart();
  return start.match(/^<(?:[\w.-]+:)?([\w.-]+)[\s/>]/)?.[1] ?? null;
}

/** Whether the text is a sitemap, and which kind; null for anything else (an HTML page, a feed). */
export function sitemapKind(text: string): SitemapKind | null {
  const root = rootName(text.slice(0, 4096));
  return root === "urlset" || root === "sitemapindex" ? root : null;
}

/** Every `<loc>` address in the sitemap, in order, entities decoded; blank ones left out. */
export function sitemapLocations(xml: string): string[] {
  const locations: string[] = [];
  for (const match of xml.matchAll(/<(?:[\w.-]+:)?loc\s*>([\s\S]*?)<\/(?:[\w.-]+:)?loc\s*>/gi)) {
    const text = decodeEntities(
      (match[1] ?? "")
        .replace(/^\s*<!\[CDATA\[/, "")
        .replace(/\]\]>\s*$/, "")
        .trim(),
    );
    if (text !== "") locations.push(text);
  }
  return locations;
}

/** Whether a body's first bytes read as XML (a sitemap served as text/plain or with no type). */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*<(\?xml|urlset|sitemapindex|(?:[\w.-]+:)?(urlset|sitemapindex))[\s>]/i.test(text.slice(0, 512));
}
