import { wordSet } from "../../text/words";

// Markup a reply may wrap text in: HTML tags and character references. A model asked for Markdown can
// still write "<b>$75</b> refund" or "Quick&#67;art"; the matching forms read the text a customer sees.

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00A0",
  shy: "\u00AD",
  zwj: "\u200D",
  zwnj: "\u200C",
  euro: "€",
  pound: "£",
  yen: "¥",
  dollar: "$",
  colon: ":",
  lpar: "(",
  rpar: ")",
};

/** "&amp;", "&#36;", "&#x24;" → "&", "$", "$"; an unknown or out-of-range reference stays as written. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]{2,8}));/gi, (whole, dec, hex, name) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** An HTML tag or comment: "<b>", "</span>", "<a href='…'>", "<!-- … -->". Bounded, so linear. */
const TAG = /<!--[\s\S]{0,2000}?-->|<\/?([a-z][a-z0-9-]{0,20})(?:\s[^<>]{0,500})?\/?>/gi;
/** Tags inside a line of text: removing them joins what they split ("Quick<b>Cart</b>", "$<b>75</b>"). */
const INLINE = wordSet(
  "a abbr b bdi bdo cite code data del dfn em font i ins kbd mark q s samp small span strike strong sub sup time tt u var wbr",
);
/** Markdown emphasis and code markers: "**Quick**Cart", "re_fund_", "`$75`". */
const MARKDOWN_MARKERS = /[*_~`]/g;

/**
 * The text a customer reads: character references decoded, inline tags and Markdown markers removed,
 * any other tag (paragraph, line break, list item) a line break.
 */
export function stripMarkup(text: string): string {
  // A comment or an inline tag disappears; a block tag ends a line.
  const tagless = text.replace(TAG, (_, name: string | undefined) =>
    name === undefined || INLINE.has(name.toLowerCase()) ? "" : "\n",
  );
  return decodeCharacterReferences(tagless).replace(MARKDOWN_MARKERS, "");
}
