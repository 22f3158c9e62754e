import { CONFUSABLES } from "./confusables";

// Text normalization for matching banned terms in a reply (lane 1's input). A
// designer writes `\bQuickCart\b`; a model, or a user steering it, writes "QuіckCart" (Cyrillic і),
// "Quick\u200BCart", "ＱｕｉｃｋＣａｒｔ" or "Q u i c k C a r t". normalizeForMatching folds all of those
// back to "quickcart" so the same pattern sees them. The result is for matching only: it is never
// shown, stored or sent anywhere.

/**
 * Zero-width and invisible format characters: soft hyphen, combining grapheme joiner, Arabic letter
 * mark, Hangul fillers, Khmer inherent vowels, Mongolian variation selectors and vowel separator,
 * zero-width space/non-joiner/joiner, LRM/RLM, bidi embeddings, overrides and isolates, word joiner and
 * invisible operators, deprecated format characters, BOM, interlinear annotation marks, shorthand
 * format controls, musical formatting, tag characters and variation selectors.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: single characters to delete, never a base + mark pair.
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

/**
 * Combining diacritics (after NFD): accents on Latin, Greek and Cyrillic letters and the overlays used
 * to disguise a word (U+0336 strikethrough, U+20E3 keycap). Marks of Indic and other scripts are not
 * in these blocks and stay.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the marks are deleted one by one, never matched with a base letter.
const DIACRITICS = /[\u0300-\u036F\u0483-\u0489\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]/gu;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

/** "QüíckCärt" → "QuickCart": decompose, drop combining diacritics, recompose what is left (Hangul). */
export function stripDiacritics(text: string): string {
  return text.normalize("NFD").replace(DIACRITICS, "").normalize("NFC");
}

/**
 * The confusable skeleton of TS #39, one-sided: non-ASCII look-alikes map to ASCII letters (see
 * confusables.ts for the table and where it departs from the standard); ASCII and everything not in
 * the table is kept. Run it after NFKC, which already folds fullwidth and mathematical letters.
 */
export function skeleton(text: string): string {
  let out = "";
  for (const ch of text) out += CONFUSABLES.get(ch) ?? ch;
  return out;
}

/** What may stand between spaced-out letters: whitespace, dots, dashes, underscores, bullets, slashes, brackets. */
const SEPARATOR = /^[\s.\-_*/\\|+~'’·•‧∙‐‑‒–—()[\]]{1,3}$/u;
const HAS_SPACE = /\s/u;
/** A run of fewer single letters is ordinary text ("a", "I", "U.S."); "a b c" and longer is not. */
const MIN_SPACED_RUN = 3;

/**
 * Three single letters, each two apart by one to three other characters: every run holds this, so a
 * text without it (most replies: "I'm" is two) is returned as it is, not cut into tokens.
 */
const SPACED_RUN = /(?<!\p{L})\p{L}\P{L}{1,3}\p{L}\P{L}{1,3}\p{L}(?!\p{L})/u;

const isSingleLetter = (token: string | undefined): boolean => token !== undefined && /^\p{L}$/u.test(token);
const isSeparator = (token: string | undefined): boolean => token !== undefined && SEPARATOR.test(token);
/** A separator that glues a whole word onto a spaced run: "Quick-C-a-r-t", "Q.u.i.c.k.Cart". */
const isGlue = (token: string | undefined): boolean => isSeparator(token) && !HAS_SPACE.test(token ?? " ");
const isWord = (token: string | undefined): boolean => token !== undefined && /^\p{L}+$/u.test(token);

/**
 * "Q u i c k C a r t", "Q-u-i-c-k-C-a-r-t", "Q.u.i.c.k", "(q)(u)(i)(c)(k)" → "QuickCart", "Quick".
 * A run is at least three single letters separated by short separators. Inside a run, the most common
 * separator and every separator without whitespace join; a different whitespace separator
 * ("Q u i c k   C a r t") is read as a word break and becomes one space. A whole word glued to the run
 * by a non-space separator joins it ("Quick-C-a-r-t" → "QuickCart"); a word next to it by a space does
 * not ("Q u i c k Cart" → "Quick Cart", like "Quick Cart" itself).
 */
export function collapseSpacedLetters(text: string): string {
  if (!SPACED_RUN.test(text)) return text;
  const tokens = text.match(/\p{L}+|\P{L}+/gu) ?? [];
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let last = i;
    if (isSingleLetter(tokens[i])) {
      while (isSeparator(tokens[last + 1]) && isSingleLetter(tokens[last + 2])) last += 2;
    }
    if ((last - i) / 2 + 1 < MIN_SPACED_RUN) {
      out.push(tokens[i] ?? "");
      i += 1;
      continue;
    }
    // A word glued in front: drop the separator already written before the run.
    if (out.length >= 2 && isGlue(out[out.length - 1]) && isWord(out[out.length - 2])) out.pop();
    out.push(joinRun(tokens.slice(i, last + 1)));
    i = last + 1;
    // A word glued behind: skip the separator so the word is written right after the run.
    if (isGlue(tokens[i]) && isWord(tokens[i + 1]) && !isSingleLetter(tokens[i + 1])) i += 1;
  }
  return out.join("");
}

function joinRun(run: string[]): string {
  const counts = new Map<string, number>();
  for (let k = 1; k < run.length; k += 2) {
    const sep = run[k] ?? "";
    counts.set(sep, (counts.get(sep) ?? 0) + 1);
  }
  let base = "";
  let best = 0;
  for (const [sep, n] of counts) {
    if (n > best) {
      base = sep;
      best = n;
    }
  }
  let joined = "";
  run.forEach((token, k) => {
    if (k % 2 === 0) joined += token;
    else if (token !== base && HAS_SPACE.test(token)) joined += " ";
  });
  return joined;
}

/**
 * Steps 1 to 4 leave ASCII as it is (no invisible character, diacritic or confusable is ASCII, and
 * NFKC keeps it), so an ASCII reply skips them.
 */
export const NON_ASCII = /[\u0080-\u{10FFFF}]/u;

/**
 * The text banned-term patterns are matched against, in this order:
 * 1. strip zero-width and invisible format characters ("Quick\u200BCart");
 * 2. NFKC (fullwidth, mathematical alphanumerics, circled letters, ligatures, odd spaces);
 * 3. strip combining diacritics ("QüíckCärt", "Q̶u̶i̶c̶k̶");
 * 4. confusable skeleton (Cyrillic, Greek, Armenian, Cherokee, … look-alikes → ASCII);
 * 5. case folding (toLowerCase);
 * 6. collapse spaced, hyphenated and dotted letters ("Q u i c k C a r t").
 */
export function normalizeForMatching(text: string): string {
  const folded = NON_ASCII.test(text) ? skeleton(stripDiacritics(stripInvisible(text).normalize("NFKC"))) : text;
  return collapseSpacedLetters(folded.toLowerCase());
}
