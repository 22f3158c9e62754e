import { wordSet } from "../../text/words";
import { MAX_SCAN_TOKENS } from "./money-reading";
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
//                  Unless a refund verb takes the thing as its object ("I'll refund your $75 order",
//                  "refund the full order total of $75", "I'm reversing the $75 charge") or the thing
//                  is the subject of a refund done ("your $80 order has been fully refunded", "your
//                  order total of $70 will be refunded"): those promise the amount. "The $250 you
//                  paid" is a price too.
//   cap subjects — a cap noun whose own words run up to "is" before the amount: "our limit for instant
//                  refunds is $50", "the maximum per order is $50".
//   designer's   — a money variable's `limit_words` are cap words (on both sides, matched like context
//                  words: normalized, a word of five letters or more also matching longer ones).
// A comma ends the words before an amount: in "of the $250 you paid, $35 comes back" the $35 is no price.
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
  "between",
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
/** Verbs whose object is what is paid back: "refund your $75 order" promises $75, and "reverse the $75 charge"; "return the $75 item" does not. */
const REFUND_VERBS = ["refund", "reimburs", "credit", "compensat", "repay", "repaid", "revers"];
/** Words of a noun phrase between a refund verb and its thing, beyond the determiners: "refund the [original] order", "the full [order] total". */
const MAX_MODIFIERS = 2;
/** Words that end a noun phrase: a modifier is none of these ("refund you for the $75 order" is no object). */
const NOT_MODIFIERS = wordSet(
  "for of to on in at by with from about into onto over under after before since through toward towards and or but is was are were be been it you me us them that which who as if so",
);
/** What stands before a promise verb used as a verb: "I [can] refund", "we'll give", "happy to offer"; "the refund limit" is a noun. */
export const VERB_CUES = wordSet(
  "i we you i'll we'll you'll i'd we'd you'd i've we've can will could would may might shall let to",
);
/** What the customer is promised to get: "you'll get up to $75 back", "you'll receive more than $50"; "I can go up to $80 on the refund" offers it. */
const RECEIVE_VERBS = new Set(["get", "receive", "go"]);
/** "I've bumped your refund up to $75": raising the amount promised promises the new one. */
const RAISE_VERBS = new Set(["bumped", "raised", "increased", "upped", "topped"]);
/** "You're eligible for a refund of no more than $99": an eligibility offers the refund it names. */
const ELIGIBLE = new Set(["eligible", "entitled", "qualify", "qualifies"]);
/** Cap nouns that may be the subject of "is $50": "our limit for instant refunds is $50". */
const CAP_SUBJECTS = new Set(["limit", "cap", "maximum", "max", "ceiling", "threshold"]);
/** Between a cap subject and its "is": a preposition first ("limit for", "cap on"), then at most this many words. */
const CAP_SUBJECT_PREPOSITIONS = new Set(["for", "on", "of", "per"]);
const MAX_CAP_SUBJECT_WORDS = 4;
/** "The $250 you paid", "the $75 you were charged": a price. */
const PAYER_WORDS = new Set(["you", "you've", "you'd", "we"]);
const PAID_WORDS = new Set(["paid", "spent", "charged", "were", "was", "had"]);
/** A thing that is the subject of a refund done: "[has been] [fully] refunded". */
const PASSIVE_AUX = wordSet("has have had been is are was were will be being 's gets got now");
const PASSIVE_ADVERBS = wordSet("fully completely entirely already just now totally");
const REFUNDED = ["refunded", "reimbursed", "credited", "reversed", "repaid"];
/** Words after which a refund is not done: "can be refunded", "once … refunded", "is eligible to be refunded". */
const NOT_DONE = wordSet(
  "can could may might would should must if once when after unless until pending eligible able not never cannot can't won't isn't hasn't haven't wasn't",
);
const MAX_PASSIVE_GAP = 4;
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
  t === undefined || t.kind === "stop" || t.kind === "comma" || t.kind === "newline" || t.kind === "cell";

/**
 * "I can refund [you] up to $75": a promise verb, used as one, in the cap word's clause a few words
 * before it; or an eligibility for the refund the cap bounds ("you're eligible for a refund of no more
 * than $99", a context word between).
 */
function promised(tokens: MoneyToken[], capStart: number, isContext: (word: string) => boolean): boolean {
  let words = 0;
  let throughContext = false;
  for (
    let k = capStart - 1;
    k >= 0 && capStart - k <= MAX_SCAN_TOKENS && !isClauseEnd(tokens[k]) && words < MAX_VERB_TO_CAP + 2;
    k -= 1
  ) {
    const w = wordAt(tokens, k);
    if (w === null) continue;
    const cued = VERB_CUES.has(wordAt(tokens, k - 1) ?? "");
    if (words < MAX_VERB_TO_CAP && (PROMISE_VERBS.has(w) || RECEIVE_VERBS.has(w)) && cued) return true;
    if (words < MAX_VERB_TO_CAP && RAISE_VERBS.has(w)) return true;
    if (ELIGIBLE.has(w) && throughContext) return true;
    if (isContext(w)) throughContext = true;
    words += 1;
  }
  return false;
}

/** "Our limit for instant refunds is $50": a cap noun, a preposition, a few words, then "is" right before the amount. */
function capSubject(tokens: MoneyToken[], at: number): boolean {
  let k = at - 1;
  while (tokens[k]?.kind === "mark") k -= 1;
  if (!["is", "are", "was", "stands", "sits"].includes(wordAt(tokens, k) ?? "")) return false;
  for (let words = 0, j = k - 1; j >= 0 && words <= MAX_CAP_SUBJECT_WORDS; j -= 1) {
    const w = wordAt(tokens, j);
    if (w === null) return false;
    if (CAP_SUBJECTS.has(w)) return words > 0 && CAP_SUBJECT_PREPOSITIONS.has(wordAt(tokens, j + 1) ?? "");
    words += 1;
  }
  return false;
}

/** "$50 is the ceiling for refunds I can issue", "$50 is our limit": the amount is the subject of a cap noun. */
function capComplement(tokens: MoneyToken[], at: number): boolean {
  if (!["is", "was", "are"].includes(wordAt(tokens, at + 1) ?? "")) return false;
  let k = at + 2;
  while (["the", "our", "my", "a", "an", "your"].includes(wordAt(tokens, k) ?? "")) k += 1;
  return CAP_NOUNS.has(wordAt(tokens, k) ?? "") || wordAt(tokens, k) === "most";
}

/** "Your $80 order has been fully refunded": the thing ending at `end` is the subject of a refund done, with no condition. */
function refundedSubject(tokens: MoneyToken[], end: number): boolean {
  let gap = 0;
  for (let k = end + 1; k < tokens.length && k - end <= MAX_SCAN_TOKENS && gap <= MAX_PASSIVE_GAP; k += 1) {
    const t = tokens[k];
    if (!t || t.kind === "stop" || t.kind === "newline" || t.kind === "amount" || t.kind === "cell") return false;
    if (t.kind !== "word") continue;
    if (REFUNDED.includes(t.text) || (t.text === "paid" && wordAt(tokens, k + 1) === "back"))
      return gap > 0 && !notDone(tokens, end);
    if (!PASSIVE_AUX.has(t.text) && !PASSIVE_ADVERBS.has(t.text)) return false;
    gap += 1;
  }
  return false;
}

/** A condition or a modal in the sentence of the thing ending at `end`: "once approved, your $75 order will be refunded". */
function notDone(tokens: MoneyToken[], end: number): boolean {
  const endsSentence = (t: MoneyToken | undefined) => t === undefined || t.kind === "stop" || t.kind === "newline";
  for (let k = end, seen = 0; k >= 0 && seen < 16 && !endsSentence(tokens[k]); k -= 1, seen += 1) {
    if (NOT_DONE.has(wordAt(tokens, k) ?? "")) return true;
  }
  for (let k = end + 1, seen = 0; k < tokens.length && seen < 8 && !endsSentence(tokens[k]); k += 1, seen += 1) {
    if (NOT_DONE.has(wordAt(tokens, k) ?? "")) return true;
  }
  return false;
}

/**
 * "refund [your] $75 order", "refund [your] order of $75", "refunded [the full order] total of $75",
 * "refunded [the original] order ($68)": a refund verb right before the noun phrase at `start`.
 */
function refundObject(tokens: MoneyToken[], start: number): boolean {
  let k = start - 1;
  while (tokens[k]?.kind === "mark") k -= 1;
  for (let modifiers = 0; modifiers <= MAX_MODIFIERS; modifiers += 1) {
    while (DETERMINERS.has(wordAt(tokens, k) ?? "")) k -= 1;
    const verb = wordAt(tokens, k);
    if (verb === null || NOT_MODIFIERS.has(verb)) return false;
    if (REFUND_VERBS.some((v) => verb.startsWith(v)) && !(wordAt(tokens, k + 1) === "card")) return true;
    k -= 1;
  }
  return false;
}

/**
 * The limit reader of a money variable: the defaults plus its `limit_words`, with the words of its
 * context phrases (`isContext`) allowed between a cap word and the amount ("the maximum refund is
 * $50"); `isContextWord` tells a one-word context phrase ("refund total: $75" is a refund's total, but
 * "credit your" does not make "your order of $75" one).
 */
export function limitReader(
  limitWords: readonly string[],
  isContext: (word: string) => boolean,
  isContextWord: (word: string) => boolean = isContext,
): LimitReader {
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
    for (let k = at - 1; k >= 0 && at - k <= MAX_SCAN_TOKENS && gap <= MAX_LIMIT_GAP; k -= 1) {
      const t = tokens[k];
      if (!t || t.kind === "stop" || t.kind === "amount" || t.kind === "newline" || t.kind === "join") return null;
      if (t.kind === "comma") return null;
      if (t.kind !== "word") continue;
      const found = endingAt(tokens, k);
      if (found) {
        if (found.kind === "cap") return promised(tokens, found.start, isContext) ? null : "cap";
        // A thing names a price only next to the amount: "your total refund is $75" and "refund
        // total: $75" are promises.
        const ofRefund = throughContext || isContextWord(wordAt(tokens, found.start - 1) ?? "");
        // "I've paid $70 back": paid back, no price.
        const paidBack =
          wordAt(tokens, found.start) === "paid" && [1, 2].some((n) => wordAt(tokens, at + n) === "back");
        const promise = ofRefund || paidBack || refundObject(tokens, found.start) || refundedSubject(tokens, at);
        return promise ? null : "thing";
      }
      if (isContext(t.text)) throughContext = true;
      else if (!FILLERS.has(t.text)) return null;
      gap += 1;
    }
    return null;
  };

  const after = (tokens: MoneyToken[], at: number): LimitKind | null => {
    const payer = wordAt(tokens, at + 1);
    if (payer !== null && PAYER_WORDS.has(payer) && PAID_WORDS.has(wordAt(tokens, at + 2) ?? ""))
      return refundObject(tokens, at) ? null : "thing";
    for (let k = at + 1; k < tokens.length && k <= at + 2; k += 1) {
      const word = wordAt(tokens, k);
      if (word === null) return null;
      const kind = nounAt(word);
      if (kind === "cap") return "cap";
      if (kind === "thing")
        return k === at + 1 && !refundObject(tokens, at) && !refundedSubject(tokens, k) ? "thing" : null;
      // "the $50 refund cap": a context word may stand between.
      if (!isContext(word)) return null;
    }
    return null;
  };

  const readingOf = (tokens: MoneyToken[], at: number): LimitKind | null =>
    before(tokens, at) ?? after(tokens, at) ?? (capSubject(tokens, at) || capComplement(tokens, at) ? "cap" : null);
  return { readingOf, isLimit: (tokens, at) => readingOf(tokens, at) !== null };
}
