import { porterStem } from "./porter-stem";

// Tokens of a goal text. "Content tokens" are what intent preservation counts ("must
// map to original goal tokens"): stopwords and request filler carry no intent.

export interface Token {
  /** Lower case, NFKC; number words as digits ("five" → "5"), thousands separators dropped. */
  norm: string;
  stem: string;
  raw: string;
  /** Position among all tokens of the text (stopwords included). */
  position: number;
  /** First token of the text or of a sentence. */
  sentenceStart: boolean;
  /** Starts with an upper-case letter in the source. */
  capitalized: boolean;
  stop: boolean;
  /** The source text between the previous token and this one. */
  gapBefore: string;
}

// English function words (NLTK list, trimmed), request filler ("please tell me…") and the conjunction
// markers of breadth-findings.ts ("as well as", "along with").
// Kept OUT on purpose, because dropping them changes a goal: negations (not, no, without, except),
// limits (under, over, below, above, within, before, after, between, only, top, first).
const STOPWORDS = new Set(
  `a about again against all am an and any are as at be because been being both but by can could did do does doing
  down during each few for from further had has have having he her here hers herself him himself his how i if in into
  is it its itself just me more most my myself nor of off on once or other our ours ourselves out own same she should
  so some such than that the their theirs them themselves then there these they this those through to too until up
  very was we were what when where which while who whom why will with would you your yours yourself yourselves
  please tell show give get find want like need know let help may might must shall also s t re ve ll d m
  plus versus vs along together well including besides`.split(/\s+/),
);

// Word numbers up to what goals say ("top five", "a dozen"); larger ones are written as digits.
const NUMBER_WORDS: Record<string, string> = {
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  dozen: "12",
  fifteen: "15",
  twenty: "20",
  thirty: "30",
  fifty: "50",
  hundred: "100",
};

const TOKEN_PATTERN = /\p{N}+(?:[.,]\p{N}+)*|[\p{L}\p{N}]+/gu;

function normalizeWord(raw: string): string {
  const lower = raw.toLowerCase();
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(lower)) return lower.replaceAll(",", "");
  return NUMBER_WORDS[lower] ?? lower;
}

export function isNumberToken(norm: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(norm);
}

/** Every token of `text`, in order; `stop` marks the ones intent preservation ignores. */
export function tokenize(text: string): Token[] {
  // "Apple's" is "Apple"; "&" is "and" (a conjunction that can add an entity).
  const source = text
    .normalize("NFKC")
    .replace(/['’]s\b/gi, "")
    .replaceAll("&", " and ");
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of source.matchAll(TOKEN_PATTERN)) {
    const raw = match[0];
    const start = match.index ?? 0;
    const gapBefore = source.slice(previousEnd, start);
    previousEnd = start + raw.length;
    const norm = normalizeWord(raw);
    tokens.push({
      norm,
      stem: porterStem(norm),
      raw,
      position: tokens.length,
      sentenceStart: tokens.length === 0 || /[.!?:;]/.test(gapBefore),
      capitalized: /^\p{Lu}/u.test(raw),
      stop: STOPWORDS.has(norm),
      gapBefore,
    });
  }
  return tokens;
}

export function contentTokens(tokens: Token[]): Token[] {
  return tokens.filter((t) => !t.stop);
}

/** Two tokens form one phrase when only spaces, a hyphen or a currency sign separate them ("New York", "bullet-point", "under $30"). */
export function adjacent(tokens: Token[], a: Token, b: Token): boolean {
  return b.position === a.position + 1 && /^[\s\-$€£]*$/.test(tokens[b.position]?.gapBefore ?? ",");
}

/** Consecutive adjacent tokens of `subset` joined into phrases, in order. */
export function phrasesOf(all: Token[], subset: Token[]): Token[][] {
  const phrases: Token[][] = [];
  for (const token of subset) {
    const current = phrases.at(-1);
    const last = current?.at(-1);
    if (current && last && adjacent(all, last, token)) current.push(token);
    else phrases.push([token]);
  }
  return phrases;
}

export const phraseText = (phrase: Token[]) => phrase.map((t) => t.norm).join(" ");
