import type { EngineMoney } from "../../contracts/snapshot";
import { wordSet } from "../../text/words";
import type { MoneyClaim } from "./money";
import { flowReading } from "./money-flows";
import { followUpReading } from "./money-follow-ups";
import { type LimitReader, limitReader, VERB_CUES } from "./money-limits";
import { countedAmounts, countingAmount } from "./money-ranges";
import { MAX_SCAN_TOKENS } from "./money-reading";
import { requestReading } from "./money-requests";
import { readTables, type TableReading } from "./money-tables";
import type { MoneyToken } from "./money-tokens";
import { isNegatedPromise } from "./negation";
import { normalizeForMatching } from "./normalize-text";
import { parseNumberOrWords, roundCents } from "./numbers";

// Binding a money variable to the amounts a reply promises ("I'll process a $75 refund" →
// 75), without a pattern per phrasing. An amount binds when one of the variable's context words stands
// within MONEY_WINDOW_WORDS words of it, before or after, in the same sentence: "refund of $75",
// "$75 back", "Refund: $ 75", "Refund\n$75". Written forms come from extractMoney ("seventy-five
// dollars", "75,00 €", "USD 75"). Three refinements keep a total or a price from binding:
//   nearest  — a context word binds its nearest amount (both on a tie): in "$75 order total, refund
//              $40" the refund is $40;
//   chains   — amounts joined to a bound one by "and", "plus", "another", "+"… bind too: "a refund of
//              $30 today and $30 next week" promises 60; "total", "paid", "cost"… break a chain;
//   negation — a negated promise binds nothing ("we cannot offer a $75 refund", negation.ts);
//   limits   — an amount stated as a limit, cap, threshold, price or total binds nothing ("capped at
//              $50", "your order of $75", money-limits.ts); the context word binds its nearest other amount;
//   requests — an amount asked for, handed on or awaiting a decision binds nothing ("you'd like $75 back",
//              "your $75 refund request", money-requests.ts);
//   ranges   — a range binds its upper end, a correction its later amount ("$40–$75", "~~$40~~ $75",
//              money-ranges.ts).
// Then what binds with no context word within the window: a table's refund row or column
// (money-tables.ts, where a table's line breaks are walls), money given or sent to the customer ("I've
// issued $80", "you'll receive $75 on your card", money-flows.ts) and an amount labelled in the
// sentence after a refund done ("I've approved your refund. The amount is $75.", money-follow-ups.ts).
// What it neither binds nor confidently classifies is reported as uncertain (see `uncertainty` below):
// lane 1 hands such an amount over when the reply declared no claim for the variable.

/** Words between a context word and its amount: "refund [it to your card for] $75" is 5. */
const MONEY_WINDOW_WORDS = 5;
/**
 * A line break between them counts as 1.5 words: "Refund:\n$75" binds, and in "Refund 1: $30\nRefund
 * 2: $30" each line's amount is nearer its own "Refund" than the line above.
 */
const NEWLINE_WEIGHT = 1.5;

const JOINERS = wordSet(
  "and plus another then also additional extra more further followed second remaining rest y et und puis dann mas",
);
/** Words that may sit between the items of a list of amounts: "$30 today, $30 tomorrow". */
const LIST_WORDS = wordSet(
  "now today tomorrow tonight later first then next this week weeks month upfront immediately initially in on by after",
);
/** Words that tie an amount to something other than a promise; they break a chain. */
const ANCHORS = wordSet("total subtotal paid pay cost costs price priced charged charge spent balance worth value fee");

interface BoundAmount {
  /** In the variable's currency, rounded to cents. */
  amount: number;
  /** As stated. */
  stated: number;
  code: string;
  text: string;
}

export interface MoneyBinding {
  /** Every bound amount in the order the reply states it, once per mention. */
  amounts: BoundAmount[];
  /** Bound amounts in a currency without a rate: "€80 (EUR, no rate to USD)". */
  unresolved: string[];
  /** Amounts near a context word read as limits and not bound, as written: "$50". */
  limits: string[];
  /** Amounts neither bound nor confidently classified (README.md, "Uncertain amounts"), in reply order. */
  uncertain: UncertainAmount[];
}

export interface UncertainAmount {
  /** In the variable's currency, rounded to cents; null in a currency without a rate. */
  amount: number | null;
  /** As written: "$75". */
  text: string;
  /** Where it stands, in words: `near "refund" across a sentence stop`. */
  why: string;
}

interface ContextWords {
  phrases: string[][];
  limits: LimitReader;
  /** A one-word context phrase matches `word` ("refund" → "refunded"). */
  isWord: (word: string) => boolean;
}

const contextCache = new WeakMap<EngineMoney, ContextWords>();

function contextOf(money: EngineMoney): ContextWords {
  let cached = contextCache.get(money);
  if (!cached) {
    const phrases = money.contextWords
      .map((w) =>
        normalizeForMatching(w)
          .split(/[^\p{L}\p{N}']+/u)
          .filter(Boolean),
      )
      .filter((p) => p.length > 0);
    const words = phrases.flat();
    const single = phrases.flatMap((p) => (p.length === 1 ? [p[0] ?? ""] : []));
    const isWord = (word: string) => single.some((w) => wordMatches(word, w));
    const limits = limitReader(money.limitWords ?? [], (word) => words.some((w) => wordMatches(word, w)), isWord);
    cached = { phrases, limits, isWord };
    contextCache.set(money, cached);
  }
  return cached;
}

/** A context word of five letters or more also matches longer words: refund → refunded, refunding. */
const MIN_STEM = 5;
const stemMatches = (word: string, context: string) =>
  word === context || (context.length >= MIN_STEM && word.startsWith(context));
/**
 * Spaced letters after "a" or "I" collapse with it ("A r e f u n d" → "arefund"), so a context word
 * of five letters or more also matches behind one of those ("aback" is not "a back").
 */
const wordMatches = (word: string, context: string) =>
  stemMatches(word, context) ||
  (context.length >= MIN_STEM && /^[ai]/.test(word) && stemMatches(word.slice(1), context));

/** [first, last] token index of every context-phrase occurrence. */
function contextSpans(tokens: MoneyToken[], { phrases }: ContextWords): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    for (const phrase of phrases) {
      let n = 0;
      while (n < phrase.length) {
        const t = tokens[i + n];
        if (t?.kind !== "word" || !wordMatches(t.text, phrase[n] ?? "")) break;
        n += 1;
      }
      if (n === phrase.length) {
        spans.push([i, i + n - 1]);
        break;
      }
    }
  }
  return spans;
}

interface Reach {
  at: number;
  distance: number;
  /** Reached across a line break. */
  crossed?: boolean;
}

/**
 * Amounts reachable from `start` walking `step` (±1), within the window and the sentence, never
 * across a table's line break (`walls`).
 */
function reach(tokens: MoneyToken[], start: number, step: 1 | -1, walls: ReadonlySet<number>): Reach[] {
  const found: Reach[] = [];
  let distance = 0;
  let crossed = false;
  for (let k = start + step; k >= 0 && k < tokens.length && Math.abs(k - start) <= MAX_SCAN_TOKENS; k += step) {
    const t = tokens[k];
    if (!t || t.kind === "stop") break;
    if (t.kind === "newline" && walls.has(k)) break;
    if (t.kind === "newline") crossed = true;
    // An amount in between is as far as a word: "Refund: $40 ($75 order)" is 40.
    if (t.kind === "amount") found.push({ at: k, distance: distance++, crossed });
    else if (t.kind === "word") distance += 1;
    else if (t.kind === "newline") distance += NEWLINE_WEIGHT;
    if (distance > MONEY_WINDOW_WORDS) break;
  }
  return found;
}

/** Words after an amount that make it a price: "the $75 order". */
const PRICED = new Set(["order", "orders", "purchase", "item"]);

/**
 * An amount tied to something else: an anchor word within two words either side ("order total was
 * $75", "the $75 you paid") or a thing right after it ("$75 order"). Such an amount joins no chain.
 */
function anchored(tokens: MoneyToken[], at: number): boolean {
  for (const step of [-1, 1] as const) {
    let words = 0;
    for (
      let k = at + step;
      k >= 0 && k < tokens.length && Math.abs(k - at) <= MAX_SCAN_TOKENS && words < 2;
      k += step
    ) {
      const t = tokens[k];
      if (!t || t.kind === "stop" || t.kind === "amount") break;
      if (t.kind !== "word") continue;
      if (ANCHORS.has(t.text) || (step === 1 && words === 0 && PRICED.has(t.text))) return true;
      words += 1;
    }
  }
  return false;
}

/** The amount chained to the one at `from` in direction `step`, if any: "$30 today and $30 next week". */
function chained(tokens: MoneyToken[], from: number, step: 1 | -1): number | null {
  let words = 0;
  let joined = false;
  let comma = false;
  let listOnly = true;
  for (let k = from + step; k >= 0 && k < tokens.length && Math.abs(k - from) <= MAX_SCAN_TOKENS; k += step) {
    const t = tokens[k];
    if (!t || t.kind === "stop") return null;
    // A list: "and"/"plus"/"+" between, or only a comma and words like "today" ("$30, $20 and $25").
    if (t.kind === "amount") return (joined || (comma && listOnly)) && !anchored(tokens, k) ? k : null;
    if (t.kind === "join") joined = true;
    if (t.kind === "comma") comma = true;
    if (t.kind !== "word") continue;
    if (ANCHORS.has(t.text)) return null;
    if (JOINERS.has(t.text)) joined = true;
    if (!LIST_WORDS.has(t.text)) listOnly = false;
    words += 1;
    if (words > MONEY_WINDOW_WORDS) return null;
  }
  return null;
}

/** The amounts of `tokens` bound to a money variable (see the top of this file). */
export function bindMoney(tokens: MoneyToken[], money: EngineMoney): MoneyBinding {
  const bound = new Map<number, [number, number]>();
  const context = contextOf(money);
  const readings = readingsOf(tokens, context);
  const { excluded, negatedAlone, counted } = readings;
  const negated = new Set<number>();
  for (const [first, last] of contextSpans(tokens, context)) {
    const candidates = candidatesOf(tokens, first, last, readings);
    if (candidates.length === 0) continue;
    const nearest = Math.min(...candidates.map((c) => c.distance));
    for (const { at, distance } of candidates) {
      if (distance !== nearest) continue;
      const step = at < first ? -1 : 1;
      const promise: [number, number] = step < 0 ? [at, last] : [first, at];
      if (isNegatedPromise(tokens, promise[0], promise[1])) {
        negated.add(at);
        continue;
      }
      bound.set(at, promise);
      // Both ways: "$40 back today, and $40 more next week" lists the second after the context word.
      for (const way of [-1, 1] as const) {
        let from = at;
        for (let next = chained(tokens, from, way); next !== null; next = chained(tokens, from, way)) {
          const counts = countingAmount(counted, next);
          // The other end of a range is no second payment: "between $60 and $80 back" promises 80.
          if (counts === countingAmount(counted, from)) break;
          if (bound.has(counts) || excluded(counts) || negatedAlone(counts)) break;
          bound.set(counts, [counts, counts]);
          from = next;
        }
      }
    }
  }
  bindWithoutWindow(tokens, context, readings, bound, negated);

  const amounts: BoundAmount[] = [];
  const unresolved: string[] = [];
  for (const at of [...bound.keys()].sort((a, b) => a - b)) {
    const t = tokens[at];
    if (t?.kind !== "amount") continue;
    const converted = convert(t.claim, money);
    if (converted === null) unresolved.push(`${t.claim.text} (${t.claim.code}, no rate to ${money.currency})`);
    else {
      const mention = { amount: converted, stated: t.claim.amount, code: t.claim.code, text: t.claim.text };
      for (let n = repeats(tokens, at); n > 0; n -= 1) amounts.push(mention);
    }
  }
  const limits = [...readings.limitAt].flatMap(([at, limit]) => {
    const t = tokens[at];
    return limit && t?.kind === "amount" ? [{ at, text: t.claim.text }] : [];
  });
  const uncertain: UncertainAmount[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    const t = tokens[at];
    if (t?.kind !== "amount" || bound.has(at) || negated.has(at) || negatedAlone(at)) continue;
    const why = uncertainty(tokens, at, context, bound, readings);
    if (why !== null) uncertain.push({ amount: convert(t.claim, money), text: t.claim.text, why });
  }
  return { amounts, unresolved, limits: limits.sort((a, b) => a.at - b.at).map((l) => l.text), uncertain };
}

/** What the binder knows of each amount before binding: limits, requests, tables, ranges and corrections, own negations. */
interface Readings {
  limitAt: Map<number, boolean>;
  isLimit: (at: number) => boolean;
  request: (at: number) => string | null;
  tables: ReturnType<typeof readTables>;
  table: (at: number) => TableReading | undefined;
  counted: Map<number, number>;
  /** An amount no promise can bind: a limit, a request, or a table's price, settled part or open cell. */
  excluded: (at: number) => boolean;
  /** Negated on its own, whatever binds it: "not $40", "no $75 refund". */
  negatedAlone: (at: number) => boolean;
  /** A context word in the amount's sentence or the one before. */
  refundNear: (at: number) => boolean;
}

function readingsOf(tokens: MoneyToken[], context: ContextWords): Readings {
  const limitAt = new Map<number, boolean>();
  const isLimit = (at: number) => {
    let known = limitAt.get(at);
    if (known === undefined) {
      known = context.limits.isLimit(tokens, at);
      limitAt.set(at, known);
    }
    return known;
  };
  const requests = new Map<number, string | null>();
  const request = (at: number) => {
    let known = requests.get(at);
    if (known === undefined) {
      known = requestReading(tokens, at);
      requests.set(at, known);
    }
    return known;
  };
  const tables = readTables(tokens, context.isWord);
  const table = (at: number) => tables.amounts.get(at);
  const excluded = (at: number) => {
    const reading = table(at);
    return (reading !== undefined && reading !== "refund") || isLimit(at) || request(at) !== null;
  };
  const negatedAlone = (at: number) => isNegatedPromise(tokens, at, at);
  return {
    limitAt,
    isLimit,
    request,
    tables,
    table,
    counted: countedAmounts(tokens),
    excluded,
    negatedAlone,
    refundNear: refundNearness(tokens, context),
  };
}

/** Whether a context word stands in the sentence of token `at` or in the sentence before. */
function refundNearness(tokens: MoneyToken[], context: ContextWords): (at: number) => boolean {
  const sentence = new Uint32Array(tokens.length);
  let n = 0;
  for (let k = 0; k < tokens.length; k += 1) {
    const t = tokens[k];
    const boundary = t?.kind === "stop" || t?.kind === "newline";
    if (boundary && k > 0 && !["stop", "newline"].includes(tokens[k - 1]?.kind ?? "")) n += 1;
    sentence[k] = n;
  }
  const withContext = new Set(contextSpans(tokens, context).map(([first]) => sentence[first]));
  return (at) => {
    const s = sentence[at] ?? 0;
    return withContext.has(s) || (s > 0 && withContext.has(s - 1));
  };
}

/**
 * The amounts a context word spanning [first, last] may bind: reachable, counted for their range, not
 * excluded; those on its own line when there are any ("- Order: #48213, $75.00\n- Refund I can issue
 * today: $50.00" binds 50, while "Refund:\n$75" binds 75).
 */
function candidatesOf(tokens: MoneyToken[], first: number, last: number, readings: Readings): Reach[] {
  const walls = readings.tables.walls;
  const byAmount = new Map<number, Reach>();
  for (const c of [...reach(tokens, first, -1, walls), ...reach(tokens, last, 1, walls)]) {
    // A range is excluded by either end: "refunds between $50 and $500 need a specialist" is a cap.
    if (readings.negatedAlone(c.at) || readings.excluded(c.at)) continue;
    const at = countingAmount(readings.counted, c.at);
    if (readings.excluded(at)) continue;
    const known = byAmount.get(at);
    if (!known || c.distance < known.distance) byAmount.set(at, { ...c, at });
  }
  const all = [...byAmount.values()];
  const sameLine = all.filter((c) => !c.crossed);
  return sameLine.length > 0 ? sameLine : all;
}

/**
 * Amounts bound with no context word within the window: a table's refund row or column, money given
 * or sent to the customer, and an amount labelled in the sentence after a refund done (top of file).
 */
function bindWithoutWindow(
  tokens: MoneyToken[],
  context: ContextWords,
  readings: Readings,
  bound: Map<number, [number, number]>,
  negated: ReadonlySet<number>,
): void {
  for (let at = 0; at < tokens.length; at += 1) {
    if (tokens[at]?.kind !== "amount" || bound.has(at) || negated.has(at) || readings.negatedAlone(at)) continue;
    const counts = countingAmount(readings.counted, at);
    if (counts !== at && readings.excluded(at)) continue;
    if (bound.has(counts) || readings.negatedAlone(counts) || readings.request(counts) !== null) continue;
    const table = readings.table(counts);
    if (table !== undefined && table !== "refund") continue;
    const limit = readings.isLimit(counts) ? context.limits.readingOf(tokens, counts) : null;
    if (limit === "cap") continue;
    // A price word may be the label itself: "I've refunded you. Total: $60."
    const reading =
      limit === "thing"
        ? followUpReading(tokens, at, context.isWord) !== null
        : table === "refund" ||
          flowReading(tokens, at, readings.refundNear(at)) !== null ||
          followUpReading(tokens, at, context.isWord) !== null;
    if (reading) bound.set(counts, [counts, counts]);
  }
}

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
function uncertainty(
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

/** Words a count may stand before "each" over: "two refunds of $30 each", "3 payments of $20 each". */
const MAX_COUNT_DISTANCE = 6;

/**
 * How many times one stated amount is promised: "$30 twice" is 2, "two refunds of $30 each" is 2, at
 * most 10 (a larger count is more likely an id or a date than a number of payments).
 */
function repeats(tokens: MoneyToken[], at: number): number {
  // "$30 each", "$30 back each", "$30 twice", "$30 back twice": the word right after, or after one more.
  const after = [tokens[at + 1], tokens[at + 2]].map((t) => (t?.kind === "word" ? t.text : ""));
  if (after.includes("twice")) return 2;
  if (!after.includes("each") && !after.includes("apiece")) return 1;
  let words = 0;
  for (let k = at - 1; k >= 0 && at - k <= MAX_SCAN_TOKENS && words < MAX_COUNT_DISTANCE; k -= 1) {
    const t = tokens[k];
    if (!t || t.kind === "stop") break;
    if (t.kind !== "word") continue;
    const n = t.text === "both" ? 2 : (parseNumberOrWords(t.text) ?? 0);
    if (Number.isInteger(n) && n >= 2 && n <= 10) return n;
    words += 1;
  }
  return 1;
}

function convert(claim: MoneyClaim, money: EngineMoney): number | null {
  if (claim.code === money.currency) return claim.amount;
  const rate = money.rates[claim.code];
  return rate === undefined ? null : roundCents(claim.amount * rate);
}
