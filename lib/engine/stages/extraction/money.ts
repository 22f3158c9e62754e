import { NUMBER_WORDS_SOURCE, parseNumber, roundCents, wordsToNumber } from "./numbers";

// Typed claims in a reply: every money amount, percentage and count, in digits or words. Seed 003
// Decision 7's example is "I'll process a $75 refund for you" → 75; a reply writes the same promise
// as "75$ refund", "USD 75,00 back" or "seventy-five dollars refund". canonicalizeMoney rewrites each
// of those to "$75 …" so a designer's one `\$\s?(\d…)` pattern sees them all.
//
// The functions read the text they are given; extractResponseVariables hands them normalized text
// (NFKC, so "＄７５" is already "$75").

export type Currency = "USD" | "EUR" | "GBP";

export interface MoneyClaim {
  amount: number;
  /** null: a dollar that is not a US dollar (C$, A$, CAD, "Canadian dollars", …). */
  currency: Currency | null;
  /** The text as written, e.g. "seventy-five dollars". */
  text: string;
  /** Offset of `text` in the input. */
  index: number;
}

export interface PercentageClaim {
  value: number;
  text: string;
  index: number;
}

export interface CountClaim {
  count: number;
  noun: string;
  text: string;
  index: number;
}

const R = String.raw;
/** "1,250.50", "1.250,50", "75,00", "75", "0.5"; never part of a longer number. */
const AMOUNT = R`(?:\d{1,3}(?:[,.]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?!\d|[.,]\d)`;
const WORDS = NUMBER_WORDS_SOURCE;
const SCALE = R`(?:\s?k(?![a-z])|\s*(?:thousand|million|billion)(?![a-z]))`;
/** Not glued to a word or number before it ("abc$75", "7$75"). */
const START = R`(?<![\p{L}\p{N}$€£.,])`;
const END_WORD = R`(?![\p{L}\p{N}])`;

const OTHER_DOLLARS = R`(?:canadian|australian|new\s+zealand|hong\s+kong|singapore)\s+dollars?`;
const PREFIX_TOKEN = R`us\$|ca\$|au\$|nz\$|hk\$|c\$|a\$|s\$|usd|eur|gbp|cad|aud|nzd|hkd|sgd|\$|€|£`;
const CURRENCY_WORD = R`${OTHER_DOLLARS}|us\s+dollars?|dollars?|bucks?|euros?|pounds?\s+sterling|pounds?|quid|usd|eur|gbp|cad|aud|nzd|hkd|sgd`;
const CENTS = R`(?:\s+and\s+(?<cents>\d{1,2}|${WORDS})\s+cents?${END_WORD})?`;

/** "$75", "$ 75.00", "USD 75,00", "US$80", "€75", "£20", "$2k", "$1.5 million", "$75 USD". */
const PREFIXED = new RegExp(
  R`(?<![\p{L}\p{N}$€£])(?<cur>${PREFIX_TOKEN})\s?(?<amount>${AMOUNT})(?<scale>${SCALE})?(?:\s?(?:usd|eur|gbp|dollars?|euros?|bucks?)${END_WORD})?`,
  "giu",
);
/** "75$", "75 USD", "75 dollars", "a 60-dollar refund", "80 US dollars and 50 cents", "20 quid". */
const SUFFIXED = new RegExp(
  R`${START}(?<amount>${AMOUNT})(?<scale>${SCALE})?(?:\s*-\s*|\s*)(?:(?<cur>[$€£])(?!\s?\d)|(?<word>${CURRENCY_WORD})${END_WORD})${CENTS}`,
  "giu",
);
/** "seventy-five dollars", "a hundred and twenty dollars", "fifty bucks", "ten euros and fifty cents". */
const SPELLED = new RegExp(
  R`(?<![\p{L}\p{N}])(?<words>${WORDS})(?:\s*-\s*|\s+)(?<word>${CURRENCY_WORD})${END_WORD}${CENTS}`,
  "giu",
);
/** "50 cents", "fifty cents", "50¢". */
const CENTS_ONLY = new RegExp(R`${START}(?:(?<amount>\d{1,3})|(?<words>${WORDS}))\s*(?:cents?${END_WORD}|¢)`, "giu");

const PERCENT = new RegExp(
  R`${START}(?:(?<amount>${AMOUNT})|(?<words>${WORDS}))\s*(?:%|percent${END_WORD}|per\s+cent${END_WORD}|pct${END_WORD})`,
  "giu",
);
const COUNT = new RegExp(R`${START}(?:(?<amount>${AMOUNT})|(?<words>${WORDS}))\s+(?<noun>\p{L}+)`, "giu");
/** Words after a number that do not make it a count of things. */
const NOT_A_NOUN = new Set(
  ["of", "and", "or", "to", "in", "on", "at", "for", "the", "a", "an", "is", "are", "was", "were", "by", "per"].concat([
    "percent",
    "pct",
    "cent",
    "cents",
    "k",
    "hundred",
    "thousand",
    "million",
    "billion",
  ]),
);

function currencyOf(token: string): Currency | null {
  const t = token.toLowerCase().replace(/\s+/g, " ");
  if (t === "€" || t === "eur" || t.startsWith("euro")) return "EUR";
  if (t === "£" || t === "gbp" || t === "quid" || t.startsWith("pound")) return "GBP";
  if (t === "$" || t === "us$" || t === "usd" || t.startsWith("dollar") || t.startsWith("us dollar")) return "USD";
  if (t.startsWith("buck")) return "USD";
  return null;
}

function scaleOf(scale: string | undefined): number {
  const s = (scale ?? "").trim().toLowerCase();
  if (s === "k" || s === "thousand") return 1e3;
  if (s === "million") return 1e6;
  if (s === "billion") return 1e9;
  return 1;
}

function numberOf(groups: Record<string, string | undefined>): number | null {
  if (groups.amount !== undefined) return parseNumber(groups.amount);
  if (groups.words !== undefined) return wordsToNumber(groups.words);
  return null;
}

function centsOf(cents: string | undefined): number {
  if (cents === undefined) return 0;
  return (parseNumber(cents) ?? wordsToNumber(cents) ?? 0) / 100;
}

interface Candidate extends MoneyClaim {
  end: number;
}

/** Every money amount in the text, in order; overlapping readings resolve to the earliest, then longest. */
export function extractMoney(text: string): MoneyClaim[] {
  const candidates: Candidate[] = [];
  const add = (m: RegExpMatchArray, amount: number | null, currency: Currency | null) => {
    if (amount === null || m.index === undefined) return;
    candidates.push({ amount: roundCents(amount), currency, text: m[0], index: m.index, end: m.index + m[0].length });
  };
  for (const m of text.matchAll(PREFIXED)) {
    const g = m.groups ?? {};
    const n = numberOf(g);
    add(m, n === null ? null : n * scaleOf(g.scale), currencyOf(g.cur ?? ""));
  }
  for (const m of text.matchAll(SUFFIXED)) {
    const g = m.groups ?? {};
    const n = numberOf(g);
    add(m, n === null ? null : n * scaleOf(g.scale) + centsOf(g.cents), currencyOf(g.cur ?? g.word ?? ""));
  }
  for (const m of text.matchAll(SPELLED)) {
    const g = m.groups ?? {};
    const n = numberOf(g);
    add(m, n === null ? null : n + centsOf(g.cents), currencyOf(g.word ?? ""));
  }
  for (const m of text.matchAll(CENTS_ONLY)) {
    const n = numberOf(m.groups ?? {});
    add(m, n === null ? null : n / 100, "USD");
  }
  candidates.sort((a, b) => a.index - b.index || b.end - a.end);
  const claims: MoneyClaim[] = [];
  let taken = 0;
  for (const { end, ...claim } of candidates) {
    if (claim.index < taken) continue;
    claims.push(claim);
    taken = end;
  }
  return claims;
}

const SYMBOL: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£" };

/** "$75", "$75.50", "€1250": no separators, cents only when there are any. */
export function formatMoney(claim: Pick<MoneyClaim, "amount" | "currency">): string {
  const symbol = claim.currency === null ? "$" : SYMBOL[claim.currency];
  return `${symbol}${claim.amount.toFixed(Number.isInteger(claim.amount) ? 0 : 2)}`;
}

/**
 * The text with every money mention rewritten to `$<amount>` (USD and other dollars), `€<amount>` or
 * `£<amount>`: "seventy-five dollars refund" → "$75 refund", "USD 75,00 back" → "$75 back",
 * "75$ refund" → "$75 refund". Everything else is unchanged.
 */
export function canonicalizeMoney(text: string): string {
  let out = "";
  let at = 0;
  for (const claim of extractMoney(text)) {
    out += text.slice(at, claim.index) + formatMoney(claim);
    at = claim.index + claim.text.length;
  }
  return out + text.slice(at);
}

/** "20%", "12.5 %", "twenty percent", "20 per cent", "5 pct". */
export function extractPercentages(text: string): PercentageClaim[] {
  const claims: PercentageClaim[] = [];
  for (const m of text.matchAll(PERCENT)) {
    const value = numberOf(m.groups ?? {});
    if (value !== null && m.index !== undefined) claims.push({ value, text: m[0], index: m.index });
  }
  return claims;
}

/** "3 orders", "two items": a number, not money or a percentage, followed by a word that names things. */
export function extractCounts(text: string): CountClaim[] {
  const taken = [...extractMoney(text), ...extractPercentages(text)]
    .map((c) => ({ from: c.index, to: c.index + c.text.length }))
    .sort((a, b) => a.from - b.from);
  const claims: CountClaim[] = [];
  let next = 0;
  for (const m of text.matchAll(COUNT)) {
    const g = m.groups ?? {};
    const count = numberOf(g);
    const noun = g.noun ?? "";
    const start = m.index ?? 0;
    const end = start + m[0].length;
    // Matches come in order, so spans that end before this one can be passed for good.
    while (next < taken.length && (taken[next]?.to ?? 0) <= start) next += 1;
    let overlapsMoney = false;
    for (let k = next; k < taken.length && (taken[k]?.from ?? end) < end; k += 1) {
      if ((taken[k]?.to ?? 0) > start) overlapsMoney = true;
    }
    if (count === null || NOT_A_NOUN.has(noun.toLowerCase()) || overlapsMoney) continue;
    claims.push({ count, noun, text: m[0], index: start });
  }
  return claims;
}
