import type { EngineMoney } from "../../contracts/snapshot";
import { wordSet } from "../../text/words";
import type { MoneyClaim } from "./money";
import { type ContextWords, contextOf, contextSpans, MONEY_WINDOW_WORDS } from "./money-context-words";
import { flowReading } from "./money-flows";
import { followUpReading } from "./money-follow-ups";
import { countingAmount } from "./money-ranges";
import { MAX_SCAN_TOKENS } from "./money-reading";
import { type Readings, readingsOf } from "./money-readings";
import type { MoneyToken } from "./money-tokens";
import { uncertainty } from "./money-uncertainty";
import { isNegatedPromise } from "./negation";
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
