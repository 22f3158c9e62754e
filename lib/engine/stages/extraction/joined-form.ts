import { deleet } from "./leet";
import { collapseSpacedLetters, skeleton, stripDiacritics, stripInvisible } from "./normalize-text";
import { stripMarkup } from "./strip-markup";

// The fourth form booleans are matched against: a banned name written so that it no longer stands
// between word boundaries, or is split by markup, in the text a customer still reads as the name:
//   "visitQuickCart", "QuickCartDeals"        camelCase joins (case kept to see the humps);
//   "Quick<b>Cart</b>", "Quick**Cart**"       HTML tags, character references, Markdown markers;
//   "Quick-\nCart", "Quick\nCart"             a line break inside the name;
//   "Qu1ckC4rt", "$hopNest"                   leetspeak inside a word.
// The designer's pattern runs over it as written, and once more with its \b removed, a match of that
// one counting only where it starts and ends on a word boundary or a camelCase hump, so "MegaMartial"
// and "NETFLIX" (ETF inside capitals) stay ordinary words.

/** A line break between two letters, with an optional hyphen before it (a wrapped word). */
const BROKEN_LINE = /(\p{L})-?[ \t]*\r?\n[ \t]*(?=\p{L})/gu;

export interface JoinedReading {
  /** The reply with markup removed, broken lines joined, leetspeak read and look-alikes folded; case kept. */
  text: string;
  /**
   * Markup, a broken line or leetspeak changed the text. When nothing did, a pattern as written finds
   * here only what it found in the normalized form, and is not run again.
   */
  rejoined: boolean;
  /** A lower-case letter before an upper-case one somewhere: only then can a \b-less match count. */
  humps: boolean;
}

const HUMP = /\p{Ll}\p{Lu}/u;

export function joinedReading(text: string): JoinedReading {
  const plain = deleet(stripMarkup(text).replace(BROKEN_LINE, "$1"));
  const joined = collapseSpacedLetters(skeleton(stripDiacritics(stripInvisible(plain).normalize("NFKC"))));
  return { text: joined, rejoined: plain !== text, humps: HUMP.test(joined) };
}

/** The pattern with every `\b` outside a character class removed; null when it has none. */
export function withoutWordBoundaries(source: string): string | null {
  let out = "";
  let inClass = false;
  let removed = false;
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (ch === "\\") {
      const next = source[i + 1] ?? "";
      if (next === "b" && !inClass) removed = true;
      else out += ch + next;
      i += 1;
      continue;
    }
    if (ch === "[") inClass = true;
    else if (ch === "]") inClass = false;
    out += ch;
  }
  return removed ? out : null;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
const isLower = (ch: string | undefined) => ch !== undefined && /\p{Ll}/u.test(ch);
const isUpper = (ch: string | undefined) => ch !== undefined && /\p{Lu}/u.test(ch);

/**
 * Whether text[start, end) starts and ends on a word boundary or a camelCase hump: a lower-case letter
 * before an upper-case one ("visit|QuickCart", "QuickCart|Deals"). Indexes are UTF-16 offsets of
 * characters NFKC and the skeleton have already folded to ASCII, so neighbours are single units.
 */
export function atSoftBoundary(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const first = text[start];
  const last = text[end - 1];
  const after = text[end];
  const startOk = !isWordChar(before) || (isLower(before) && isUpper(first));
  const endOk = !isWordChar(after) || (isLower(last) && isUpper(after));
  return startOk && endOk;
}
