import { normalizeForMatching } from "../extraction/normalize-text";

// A customer message as the input-safety classifier reads it: the look-alike folding lane 1 uses on
// replies (invisible characters, NFKC, diacritics, confusable skeleton, spaced letters), then two steps
// for what customers type rather than what models write: a dot or underscore inside a word is dropped
// ("ig.nore" → "ignore"), and a word that mixes letters with look-alike digits is read as letters
// ("1gn0r3" → "ignore", "4ll" → "all"). The result is for matching only: never shown or stored.

/** Digits and symbols that stand for letters inside a word. */
const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
};
const LEET_CHAR = /[01345789@$!]/;
const HAS_LETTER = /[a-z]/;
/** A run of letters, digits and the symbols leetspeak uses; "!" only before a letter or digit ("h!de", "!gn0re", never "now!"). */
const LEET_WORD = /!*[a-z0-9@$]+(?:!+[a-z0-9@$]+)*/g;
const INNER_DOT = /(?<=[a-z])[._](?=[a-z])/g;

function deLeet(word: string): string {
  if (!LEET_CHAR.test(word) || !HAS_LETTER.test(word)) return word;
  let out = "";
  for (const ch of word) out += LEET[ch] ?? ch;
  return out;
}

/** The message folded for matching, as one lower-case string. */
export function normalizeInput(text: string): string {
  return normalizeForMatching(text).replace(INNER_DOT, "").replace(LEET_WORD, deLeet);
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
