import { type ContextWords, MONEY_WINDOW_WORDS, wordMatches } from "./money-context-words";
import { VERB_CUES } from "./money-limits";
import { countingAmount } from "./money-ranges";
import type { Readings } from "./money-readings";
import type { MoneyToken } from "./money-tokens";

// An amount the binder did not bind (bind-money.ts): confidently something else, or uncertain and why
// (README.md, "Uncertain amounts"): lane 1 hands an uncertain amount over when the reply declared no
// claim for the variable.

/**
 * Verbs whose object is money paid back to the customer, by stem ("refund" → refunded, refunding):
 * they make a price or total in their sentence a possible promise ("your $80 order has been
 * refunded", "I'm reversing the $75 charge", "refund issued — total: $88"). Verbs that also take goods ("return the $75 item",
 * "send your $75 order", "we received your $75 order") are not here, and "pay" only with "back".
 */
const MONEY_VERBS = ["refund", "reimburs", "credit", "compensat", "repay", "repaid", "revers", "issu"];
const PAY = new Set(["pay", "pays", "paid", "paying"]);
/** "paid $70 back": "back" within this many tokens after a form of "pay". */
const PAY_BACK_REACH = 3;

/** Words either side of an amount that a context word or money verb may stand within across a stop. */
const ACROSS_STOP_WORDS = MONEY_WINDOW_WORDS;
/** Tokens either side read for them at most. */
const ACROSS_STOP_TOKENS = 24;

/** A money verb at `k`, or (with `withContext`) one of the variable's context words: "refunded", "back". */
function moneyWordAt(tokens: MoneyToken[], k: number, context: ContextWords, withContext: boolean): string | null {
  const token = tokens[k];
  if (token?.kind !== "word") return null;
  const word = token.text;
  const next = tokens[k + 1];
  const prev = tokens[k - 1];
  // Used as a verb: inflected ("refunded", "reversing") or after "I", "we'll", "to"…; "for a refund"
  // and "your credit card" are nouns.
  const asVerb = /(?:ed|ing)$/.test(word) || (prev?.kind === "word" && VERB_CUES.has(prev.text));
  if (MONEY_VERBS.some((v) => word.startsWith(v)) && asVerb && !(next?.kind === "word" && next.text === "card"))
    return word;
  if (PAY.has(word) && tokens.slice(k + 1, k + 1 + PAY_BACK_REACH).some((t) => t.kind === "word" && t.text === "back"))
    return `${word} back`;
  const isContext = withContext && context.phrases.some((p) => p.length === 1 && wordMatches(word, p[0] ?? ""));
  return isContext ? word : null;
}

/**
 * Tokens of a sentence read either side of an amount. A longer sentence is cut there: a reply of one
 * endless sentence with thousands of amounts would otherwise cost amounts × length (a 110,000-character
 * one took 16 s; cut, about one).
 */
const MAX_SENTENCE_REACH = 40;

/** The sentence around token `at`: [first, last] token index (stops and line breaks end it), cut at MAX_SENTENCE_REACH. */
function sentenceOf(tokens: MoneyToken[], at: number): [number, number] {
  let first = at;
  let last = at;
  const ends = (t: MoneyToken | undefined) => !t || t.kind === "stop" || t.kind === "newline";
  while (first > 0 && at - first < MAX_SENTENCE_REACH && !ends(tokens[first - 1])) first -= 1;
  while (last < tokens.length - 1 && last - at < MAX_SENTENCE_REACH && !ends(tokens[last + 1])) last += 1;
  return [first, last];
}

/** The first money verb in the sentence [first, last]. */
function verbIn(tokens: MoneyToken[], [first, last]: [number, number], context: ContextWords): string | null {
  for (let k = first; k <= last; k += 1) {
    const word = moneyWordAt(tokens, k, context, false);
    if (word !== null) return word;
  }
  return null;
}

/** A money verb (or a context word) within reach of the amount past a sentence stop or a line break. */
function acrossStop(tokens: MoneyToken[], at: number, context: ContextWords, withContext: boolean): string | null {
  for (const step of [-1, 1] as const) {
    let words = 0;
    let crossed = false;
    // Bounded in tokens too: a run of amounts, walls or line breaks holds no word to count.
    for (
      let k = at + step;
      k >= 0 && k < tokens.length && words <= ACROSS_STOP_WORDS && Math.abs(k - at) <= ACROSS_STOP_TOKENS;
      k += step
    ) {
      const t = tokens[k];
      if (!t) break;
      if (t.kind === "stop" || t.kind === "newline") crossed = true;
      if (t.kind !== "word") continue;
      const word = moneyWordAt(tokens, k, context, withContext);
      if (word !== null && crossed) return word;
      words += 1;
    }
  }
  return null;
}

/**
 * Why an amount the binder did not bind may still be a promise, or null when it is confidently
 * something else. Confident: a cap or threshold reading ("capped at $50"), a price or total reading
 * ("your order of $75") with no context word or money verb in its sentence or within reach across a
 * stop, and a negated promise (checked by the caller). Everything else is uncertain: an amount
 * reached across a stop ("Refund. $75"), a price under a money verb ("your $80 order has been
 * refunded"), an amount beside a money verb ("I've issued $80"), and an amount nothing explains
 * ("Would $75 work for you?").
 */
export function uncertainty(
  tokens: MoneyToken[],
  at: number,
  context: ContextWords,
  bound: ReadonlyMap<number, unknown>,
  readings: Readings,
): string | null {
  const table = readings.table(at);
  if (table === "price" || table === "settled") return null;
  if (table === "open") return "in a table about a refund, but neither its refund row nor a part adding up to it";
  if (readings.request(at) !== null) return null;
  // The other end of a range, or a corrected amount, when the amount that counts is bound: "$40–$75".
  const counts = countingAmount(readings.counted, at);
  if (counts !== at && bound.has(counts)) return null;
  const reading = context.limits.readingOf(tokens, at);
  if (reading === "cap") return null;
  const sentence = sentenceOf(tokens, at);
  const verb = verbIn(tokens, sentence, context);
  if (reading === "thing") {
    // Only a money verb makes a price a possible promise ("I'll get back to you about the $75 order" is
    // a price), and only when the reply binds no other amount: "your order of $75 qualifies for a
    // refund of $40" promises 40 (and with no claim, the bound 40 already goes to the cross-check).
    const promisedElsewhere = bound.size > 0;
    if (verb !== null && !promisedElsewhere)
      return `read as a price or total, but "${verb}" in its sentence may pay it back`;
    const across = promisedElsewhere ? null : acrossStop(tokens, at, context, true);
    return across === null ? null : `read as a price or total, but "${across}" stands near it across a sentence stop`;
  }
  if (verb !== null) return `beside "${verb}" but not bound to it`;
  const across = acrossStop(tokens, at, context, true);
  if (across !== null) return `near "${across}" across a sentence stop`;
  return "with no limit, price or promise reading";
}
