import type { MoneyToken } from "./money-tokens";
import { PROMISE_VERBS } from "./negation";
import { normalizeForMatching } from "./normalize-text";

// An amount near a context word is not always promised. "Refunds are capped at $50", "refunds over $50
// go to a manager", "the maximum refund is $50", "your order of $75", "the $75 item": the reply states
// a limit, a threshold or a price, and the agent explaining its own limits is the most common reply a
// refund desk gives. Such an amount is a limit: it binds nothing and adds nothing to the total.
//
//   cap words    — cap, limit, maximum, threshold, up to, over, more than…: a cap word right before the
//                  amount ("capped at $50", "the maximum refund is $50": "at", "of", "is", articles and
//                  the variable's own context words may stand between) or a cap noun right after it
//                  ("a $50 limit", "the $50 refund cap"). Unless a promise verb governs the cap word
//                  in its clause: "I can refund up to $75" and "you'll get up to $75 back" offer $75
//                  and bind it.
//   thing words  — order, item, purchase, price, total, paid, fee…: right before the amount ("your
//                  order of $75", "the order total was $75", "it costs $75") or a thing noun right
//                  after it ("the $75 order"), with nothing but "at", "of", "is", articles between.
//                  Unless a refund verb takes the thing as its object: "I'll refund your $75 order"
//                  and "refund your order of $75" promise $75.
//   designer's   — a money variable's `limit_words` are cap words (on both sides, matched like context
//                  words: normalized, a word of five letters or more also matching longer ones).
// English only; a limit stated in another language binds, which blocks (the safe side).

const CAP_WORDS = [
  "cap",
  "caps",
  "capped",
  "capping",
  "limit",
  "limits",
  "limited",
  "maximum",
  "max",
  "minimum",
  "min",
  "threshold",
  "ceiling",
  "up to",
  "at most",
  "at least",
  "no more than",
  "not more than",
  "more than",
  "less than",
  "greater than",
  "over",
  "above",
  "exceed",
  "exceeds",
  "exceeded",
  "exceeding",
  "under",
  "below",
  "beyond",
];
/** Cap words that may stand after the amount: "a $50 limit", "the $50 refund cap". */
const CAP_NOUNS = new Set(["cap", "limit", "maximum", "max", "minimum", "min", "threshold", "ceiling"]);
/** Thing words that may stand after the amount: "the $75 order". "$75 worth of credit" is a promise. */
const THING_NOUN_LIST = [
  "order",
  "orders",
  "item",
  "items",
  "purchase",
  "purchases",
  "product",
  "products",
  "total",
  "subtotal",
  "price",
  "fee",
  "fees",
  "charge",
  "balance",
  "bill",
  "invoice",
];
const THING_NOUNS = new Set(THING_NOUN_LIST);
/** Thing words before the amount: the nouns, and the verbs and plurals of a price or total ("the order total was", "you paid"). */
const THING_WORDS = [
  ...THING_NOUN_LIST,
  "totals",
  "totalling",
  "totaling",
  "prices",
  "priced",
  "cost",
  "costs",
  "costing",
  "paid",
  "spent",
  "charged",
];
/** Words that may stand between a limit word before the amount and the amount: "capped at", "order of", "total was". */
const FILLERS = new Set([
  "at",
  "of",
  "is",
  "was",
  "are",
  "were",
  "be",
  "been",
  "set",
  "to",
  "a",
  "an",
  "the",
  "your",
  "its",
  "about",
  "around",
  "roughly",
  "exactly",
  "just",
  "only",
  "per",
]);
/** Words of a noun phrase before a thing: "refund [your entire] $75 order". */
const DETERMINERS = new Set(["the", "your", "a", "an", "this", "that", "my", "our", "full", "entire", "whole"]);
/** Verbs whose object is what is paid back: "refund your $75 order" promises $75; "return the $75 item" does not. */
const REFUND_VERBS = ["refund", "reimburs", "credit", "compensat", "repay", "repaid"];
/** What stands before a promise verb used as a verb: "I [can] refund", "we'll give", "happy to offer"; "the refund limit" is a noun. */
export const VERB_CUES = new Set(
  "i we you i'll we'll you'll i'd we'd you'd i've we've can will could would may might shall let to".split(" "),
);
/** What the customer is promised to get: "you'll get up to $75 back", "you'll receive more than $50". */
const RECEIVE_VERBS = new Set(["get", "receive"]);
/** Limit words and the amount: at most this many words between (fillers and context words). */
const MAX_LIMIT_GAP = 3;
/** A promise verb governs a cap word within this many words before it in its clause: "I can refund [you] up to $75". */
const MAX_VERB_TO_CAP = 4;

type LimitKind = "cap" | "thing";

interface LimitPhrase {
  words: string[];
  kind: LimitKind;
  /** Matched like a context word (five letters or more also match longer words); the defaults match exactly. */
  stem: boolean;
}

const asWords = (phrase: string) =>
  normalizeForMatching(phrase)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);

const DEFAULTS: LimitPhrase[] = [
  ...CAP_WORDS.map((w) => ({ words: asWords(w), kind: "cap" as const, stem: false })),
  ...THING_WORDS.map((w) => ({ words: asWords(w), kind: "thing" as const, stem: false })),
];

const MIN_STEM = 5;
const wordIs = (word: string, limit: string, stem: boolean) =>
  word === limit || (stem && limit.length >= MIN_STEM && word.startsWith(limit));

export interface LimitReader {
  /** Whether the amount token at `at` is a limit, not a claim. */
  isLimit(tokens: MoneyToken[], at: number): boolean;
  /** How the amount token at `at` reads as a limit: a cap or threshold, a thing's price or total, or neither. */
  readingOf(tokens: MoneyToken[], at: number): LimitKind | null;
}

const wordAt = (tokens: MoneyToken[], i: number): string | null => {
  const t = tokens[i];
  return t?.kind === "word" ? t.text : null;
};
const isClauseEnd = (t: MoneyToken | undefined) =>
  t === undefined || t.kind === "stop" || t.kind === "comma" || t.kind === "newline";

/** "I can refund [you] up to $75": a promise verb, used as one, in the cap word's clause a few words before it. */
function promised(tokens: MoneyToken[], capStart: number): boolean {
  let words = 0;
  for (let k = capStart - 1; k >= 0 && !isClauseEnd(tokens[k]) && words < MAX_VERB_TO_CAP; k -= 1) {
    const w = wordAt(tokens, k);
    if (w === null) continue;
    if ((PROMISE_VERBS.has(w) || RECEIVE_VERBS.has(w)) && VERB_CUES.has(wordAt(tokens, k - 1) ?? "")) return true;
    words += 1;
  }
  return false;
}

/** "refund [your] $75 order", "refund [your] order of $75": a refund verb right before the noun phrase at `start`. */
function refundObject(tokens: MoneyToken[], start: number): boolean {
  let k = start - 1;
  while (DETERMINERS.has(wordAt(tokens, k) ?? "")) k -= 1;
  const verb = wordAt(tokens, k);
  return verb !== null && REFUND_VERBS.some((v) => verb.startsWith(v));
}

/**
 * The limit reader of a money variable: the defaults plus its `limit_words`, with its context words
 * (`isContext`) allowed between a cap word and the amount ("the maximum refund is $50").
 */
export function limitReader(limitWords: readonly string[], isContext: (word: string) => boolean): LimitReader {
  const phrases = [
    ...DEFAULTS,
    ...limitWords.map((w) => ({ words: asWords(w), kind: "cap" as const, stem: true })).filter((p) => p.words.length),
  ];

  /** The limit phrase ending at token `end` (reading backwards), if any. */
  const endingAt = (
    tokens: MoneyToken[],
    end: number,
  ): { kind: LimitKind; start: number; designer: boolean } | null => {
    for (const phrase of phrases) {
      let n = phrase.words.length;
      let k = end;
      while (n > 0 && wordIs(wordAt(tokens, k) ?? "", phrase.words[n - 1] ?? "", phrase.stem)) {
        n -= 1;
        k -= 1;
      }
      if (n === 0) return { kind: phrase.kind, start: k + 1, designer: phrase.stem };
    }
    return null;
  };

  /** The one-word limit noun at `at`: a cap noun, a thing noun or a designer's word. */
  const nounAt = (word: string): LimitKind | null => {
    if (CAP_NOUNS.has(word)) return "cap";
    if (THING_NOUNS.has(word)) return "thing";
    for (const phrase of phrases) {
      if (phrase.stem && phrase.words.length === 1 && wordIs(word, phrase.words[0] ?? "", true)) return "cap";
    }
    return null;
  };

  const before = (tokens: MoneyToken[], at: number): LimitKind | null => {
    let gap = 0;
    let throughContext = false;
    for (let k = at - 1; k >= 0 && gap <= MAX_LIMIT_GAP; k -= 1) {
      const t = tokens[k];
      if (!t || t.kind === "stop" || t.kind === "amount" || t.kind === "newline" || t.kind === "join") return null;
      if (t.kind !== "word") continue;
      const found = endingAt(tokens, k);
      if (found) {
        if (found.kind === "cap") return promised(tokens, found.start) ? null : "cap";
        // A thing names a price only next to the amount: "your total refund is $75" is a promise.
        return !throughContext && !refundObject(tokens, found.start) ? "thing" : null;
      }
      if (isContext(t.text)) throughContext = true;
      else if (!FILLERS.has(t.text)) return null;
      gap += 1;
    }
    return null;
  };

  const after = (tokens: MoneyToken[], at: number): LimitKind | null => {
    for (let k = at + 1; k < tokens.length && k <= at + 2; k += 1) {
      const word = wordAt(tokens, k);
      if (word === null) return null;
      const kind = nounAt(word);
      if (kind === "cap") return "cap";
      if (kind === "thing") return k === at + 1 && !refundObject(tokens, at) ? "thing" : null;
      // "the $50 refund cap": a context word may stand between.
      if (!isContext(word)) return null;
    }
    return null;
  };

  const readingOf = (tokens: MoneyToken[], at: number): LimitKind | null => before(tokens, at) ?? after(tokens, at);
  return { readingOf, isLimit: (tokens, at) => readingOf(tokens, at) !== null };
}
