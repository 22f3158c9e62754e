// Text normalisation shared by the offline embedder, sensor, generator and judge. Everything here is
// deterministic and locale-independent: the same input gives the same tokens on every machine.

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lower-case, accent-folded ("Éire" → "eire"), apostrophes unified; punctuation kept for callers. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'");
}

/** Word tokens of folded text: letters and digits; "i'm" → "im", "order #a-1042" → ["order", "a", "1042"]. */
export function words(text: string): string[] {
  return fold(text)
    .replace(/'/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/** A lexicon written as one space-separated list of words, the way the engine's word lists are kept. */
export function wordSet(list: string): Set<string> {
  return new Set(list.split(" "));
}

/**
 * Function words that say little about what a message is about. They still count (at a low weight)
 * so a message made only of them ("is it?") is not an empty vector.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but if then so of to in on at by for with from into about as is are was were be been being " +
    "am do does did doing have has had having i im ive id ill me my mine myself we our ours you your yours youre " +
    "he she it its they them their this that these those there here what which who whom whose when where why how " +
    "can could would should will shall may might must just very really please pls plz thanks thank hi hello hey " +
    "some any all not no yes ok okay also too than up down out over again now get got want wanted like would " +
    "s t d ll re ve m"
  ).split(" "),
);

/** Content words: tokens that are not stopwords. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w));
}

/**
 * A light suffix stripper so "refunded", "refunds" and "refunding" meet "refund". Not a real stemmer:
 * it only needs to be stable and to merge the common inflections of English support vocabulary.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  let base = word;
  for (const suffix of ["ations", "ation", "ings", "ing", "edly", "ed", "ies", "es", "s", "ly"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      base = suffix === "ies" ? `${word.slice(0, -3)}y` : word.slice(0, -suffix.length);
      break;
    }
  }
  // "price" and "pricing" both become "pric"; "arrive" and "arrived" both "arriv".
  return base.length > 4 && base.endsWith("e") ? base.slice(0, -1) : base;
}

/** 32-bit FNV-1a over UTF-16 code units: fixed, fast, good enough spread for feature hashing. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Rough token estimate used for usage accounting when no tokenizer is at hand: ≈ 4 characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Upper-cases the first character. */
export function capitalize(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
