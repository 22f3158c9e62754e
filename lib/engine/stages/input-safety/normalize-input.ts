import { wordSet } from "../../text/words";
import { LEET_LETTERS } from "../extraction/leet";
import { collapseSpacedLetters, normalizeForMatching } from "../extraction/normalize-text";

// A customer message as the input-safety classifier reads it: the look-alike folding lane 1 uses on
// replies (invisible characters, NFKC, diacritics, confusable skeleton, spaced letters), then two steps
// for what customers type rather than what models write: a dot or underscore inside a word is dropped
// ("ig.nore" → "ignore"), and a word that mixes letters with look-alike digits is read as letters
// ("1gn0r3" → "ignore", "4ll" → "all"). The result is for matching only: never shown or stored.

/** Customer messages also read a "9" inside a word as a g ("i9n0re" → "ignore"). */
const LEET: Readonly<Record<string, string>> = { ...LEET_LETTERS, "9": "g" };
const LEET_CHAR = /[01345789@$!]/;
const HAS_LETTER = /[a-z]/;
/** A run of letters, digits and the symbols leetspeak uses; "!" only before a letter or digit ("h!de", "!gn0re", never "now!"). */
const LEET_WORD = /!*[a-z0-9@$]+(?:!+[a-z0-9@$]+)*/g;
const INNER_DOT = /(?<=[a-z])[._](?=[a-z])/g;

/** Words of the classifier's lexicons with an "l" that a "1" may stand for ("ru1es", "gu1de1ines"). */
const WORDS_WITH_L: ReadonlySet<string> = wordSet(
  "rule rules guideline guidelines filter filters policy policies all reveal tell told follow following limit limits limitations delete role roleplay play developer model unfiltered unrestricted line lines hell kill yourself self",
);

function deLeet(word: string): string {
  if (!LEET_CHAR.test(word) || !HAS_LETTER.test(word)) return word;
  let out = "";
  for (const ch of word) out += LEET[ch] ?? ch;
  if (!word.includes("1")) return out;
  const withL = [...word].map((ch, k) => (ch === "1" ? "l" : (out[k] ?? ch))).join("");
  return WORDS_WITH_L.has(withL) ? withL : out;
}

/** Plain ASCII without control characters: nothing to fold but case (most customer messages). */
const PLAIN_ASCII = /^[\x20-\x7E\t\n\r]*$/;
/** Three single letters in a row with short separators: the only ASCII text spaced-letter collapsing changes. */
const SPACED_RUN = /(?:^|[^a-z])[a-z][^a-z0-9]{1,3}[a-z][^a-z0-9]{1,3}[a-z](?![a-z])/;
/** A letter beside a look-alike digit or symbol: the only text the leetspeak step changes. */
const LEET_BESIDE_LETTER = /[a-z][01345789@$!]|[01345789@$!][a-z]/;

/**
 * The message folded for matching, as one lower-case string. Plain ASCII skips the Unicode steps,
 * which give it back unchanged, and each later step runs only when its pattern is there: together
 * they are most of the classifier's time on a long message (input_safety_ms_p95 in the bench).
 */
export function normalizeInput(text: string): string {
  let folded: string;
  if (PLAIN_ASCII.test(text)) {
    folded = text.toLowerCase();
    if (SPACED_RUN.test(folded)) folded = collapseSpacedLetters(folded);
  } else {
    folded = normalizeForMatching(text);
  }
  if (folded.includes(".") || folded.includes("_")) folded = folded.replace(INNER_DOT, "");
  return LEET_BESIDE_LETTER.test(folded) ? folded.replace(LEET_WORD, deLeet) : folded;
}

/**
 * Word tokens of a normalised message: letters and digits; apostrophes dropped ("don't" → "dont"); an
 * asterisk inside a word kept, so a masked word ("f*ck") stays one token for the abuse list.
 */
export function tokensOf(normalised: string): string[] {
  return normalised
    .replace(/['’]/g, "")
    .split(/[^a-z0-9*]+/)
    .map((token) => token.replace(/^\*+|\*+$/g, ""))
    .filter((token) => token.length > 0);
}

/** A clause break among the tokens of `tokensWithBreaks`: no window of words reaches across it. */
export const CLAUSE_BREAK = ".";
/** A colon among the tokens: "new instructions: …" introduces what follows. */
export const COLON = ":";

/** Like `tokensOf`, with "." for every clause break (. , ; ! ? line break) and ":" for a colon. */
export function tokensWithBreaks(normalised: string): string[] {
  return normalised
    .replace(/['’]/g, "")
    .split(/([.,;!?\n:])|[^a-z0-9*.,;!?\n:]+/)
    .filter((token): token is string => token !== undefined && token.length > 0)
    .map((token) =>
      token === COLON ? COLON : /^[.,;!?\n]$/.test(token) ? CLAUSE_BREAK : token.replace(/^\*+|\*+$/g, ""),
    )
    .filter((token) => token.length > 0);
}
