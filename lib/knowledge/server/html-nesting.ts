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

// Comments and the bodies of script and style hold text that looks like tags: skipped whole.
const TAG = /<!--[\s\S]*?-->|<(script|style)\b[\s\S]*?<\/\1\s*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/g;

/** The deepest nesting of the page's elements, counting those that need an end tag. */
export function htmlNestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(TAG)) {
    const [, , closing, name, selfClosed] = match;
    if (!name || NOT_NESTING.has(name.toLowerCase())) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (!selfClosed) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}
