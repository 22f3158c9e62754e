// How deep a page's elements nest, read by one scan of its tags before any parser builds its tree:
// turndown's cost grows faster than the page with nesting (10,000 nested <div>s, 60 KB, took 11 s on
// a loaded 2-core machine; 100,000 ran into the 60 s deadline), so a page built to spin is refused at
// once instead of holding a conversion slot and a core for a minute. Browsers keep no deeper tree than
// 512 levels (Chromium's parser flattens the rest), so no page a person reads comes near the bound.

export const HTML_TOO_DEEP =
  "The page's elements are nested too deeply to convert (thousands of levels): save it as text or Markdown";

/** Deeper than this is a page built to spin, refused before conversion. */
export const MAX_HTML_NESTING = 5_000;

// Elements that never hold others, and those whose end tag may be left out (a list's <li>, a
// paragraph's <p>, a table's cells): neither deepens a tree that a missing end tag would make look deep.
const NOT_NESTING = new Set(
  (
    "area base br col embed hr img input link meta source track wbr param keygen " +
    "p li dt dd tr td th option optgroup thead tbody tfoot colgroup caption rb rt rp rtc html head body"
  ).split(" "),
);

const NAME = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/y;

/**
 * The deepest nesting of the page's elements, counting those that need an end tag. One pass with
 * indexOf: each search starts where the last one ended, and an opener with no closer (a comment with
 * no "-->", a tag with no ">", a script with no end tag) ends the scan, so no page makes it rescan
 * (a pattern with lazy "anything up to -->" took 5.5 s on 40,000 unclosed comments, 160 KB).
 * Comments and the bodies of script and style hold text that looks like tags: skipped whole.
 */
export function htmlNestingDepth(html: string): number {
  let lower: string | null = null;
  let depth = 0;
  let deepest = 0;
  let at = html.indexOf("<");
  while (at >= 0) {
    if (html.startsWith("<!--", at)) {
      const end = html.indexOf("-->", at + 4);
      if (end < 0) break;
      at = html.indexOf("<", end + 3);
      continue;
    }
    NAME.lastIndex = at;
    const tag = NAME.exec(html);
    if (!tag) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    let end = html.indexOf(">", NAME.lastIndex);
    if (end < 0) break;
    const [, closing, rawName = ""] = tag;
    const name = rawName.toLowerCase();
    if (!closing && (name === "script" || name === "style")) {
      lower ??= html.toLowerCase();
      const close = lower.indexOf(`</${name}`, end + 1);
      end = close < 0 ? -1 : html.indexOf(">", close);
      if (end < 0) break;
    } else if (!NOT_NESTING.has(name)) {
      if (closing) depth = Math.max(0, depth - 1);
      else if (html[end - 1] !== "/") deepest = Math.max(deepest, ++depth);
    }
    at = html.indexOf("<", end + 1);
  }
  return deepest;
}
