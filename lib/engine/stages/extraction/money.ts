import { FOREIGN_NUMBER_WORDS_SOURCE, foreignWordsToNumber } from "./foreign-number-words";
import { SPREAD_DIGITS, spreadNumber, widenToExpression } from "./money-expressions";
import { NUMBER_WORDS_SOURCE, parseNumber, roundCents, wordsToNumber } from "./numbers";

// Typed claims in a reply: every money amount, percentage and count, in digits or words. The
// refund example is "I'll process a $75 refund for you" → 75; a reply writes the same promise
// as "75$ refund", "USD 75,00 back" or "seventy-five dollars refund". canonicalizeMoney rewrites each
// of those to "$75 …" so a designer's one `\$\s?(\d…)` pattern sees them all.
//
// The functions read the text they are given; extractResponseVariables hands them normalized text
// (NFKC, so "＄７５" is already "$75").

type Currency = "USD" | "EUR" | "GBP";

export interface MoneyClaim {
  amount: number;
  /** null: a dollar that is not a US dollar (C$, A$, CAD, "Canadian dollars", …) or another currency (¥, CHF, …). */
  currency: Currency | null;
  /** ISO 4217 code of the currency as written: "USD" for $, "CAD" for C$, "JPY" for ¥ or "yen". */
  code: string;
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
/** "1,250.50", "1.250,50", "1 250,50", "1'250", "75,00", "75", "0.5"; never part of a longer number. */
const AMOUNT = R`(?:\d{1,3}(?:[ '’]\d{3})+(?:[.,]\d{1,2})?(?![\d'’]|[.,]\d| \d)|\d{1,3}(?:[,.]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?!\d|[.,]\d)`;
/** Whole units written with a dash for the cents: "99,- €", "€ 75,–" (German and Dutch price style). */
const DASH_CENTS = R`(?:[.,][-–—]{1,2})?`;
const WORDS = NUMBER_WORDS_SOURCE;
const SCALE = R`(?:\s?k(?![a-z])|\s*(?:thousand|million|billion)(?![a-z]))`;
/** Not glued to a word or number before it ("abc$75", "7$75"). */
const START = R`(?<![\p{L}\p{N}$€£¥₹₩₽₺₪₱฿.,])`;
const END_WORD = R`(?![\p{L}\p{N}])`;

const OTHER_DOLLARS = R`(?:canadian|australian|new\s+zealand|hong\s+kong|singapore)\s+dollars?`;
/**
 * ISO codes read as currencies. Codes that are English words in lower case ("try", "all", "top") are
 * left out: normalized text is lower case, so "75 try" must stay a number and a word.
 */
const ISO_CODES =
  "usd|eur|gbp|cad|aud|nzd|hkd|sgd|jpy|cny|rmb|inr|chf|mxn|brl|krw|sek|nok|dkk|pln|rub|zar|ils|thb|czk|huf";
const PREFIX_TOKEN = R`us\$|ca\$|au\$|nz\$|hk\$|r\$|c\$|a\$|s\$|${ISO_CODES}|\$|€|£|¥|₹|₩|₽|₺|₪|₱|฿`;
const OTHER_WORDS = R`swiss\s+francs?|francs?|yen|yuan|rupees?|pesos?|roubles?|rubles?|zlot(?:y|ys|ies)|kronor|kroner|krona|krone`;
/** Pounds sterling in German, Spanish and French. */
const FOREIGN_POUNDS = R`pfund|libras?(?:\s+esterlinas?)?|livres?(?:\s+sterling)?`;
const CURRENCY_WORD = R`${OTHER_DOLLARS}|us\s+dollars?|dollars?|d[oó]lares|d[oó]lar|bucks?|euros?|pounds?\s+sterling|pounds?|quid|${FOREIGN_POUNDS}|${OTHER_WORDS}|${ISO_CODES}`;
/** A bracket or quote closing around the amount before its currency word: "(seventy-five) dollars". */
const CLOSE = R`(?:\s*[)\]"”’])?`;
const CENTS = R`(?:\s+and\s+(?<cents>\d{1,2}|${WORDS})\s+cents?${END_WORD})?`;

/** "$75", "$ 75.00", "USD 75,00", "US$80", "€75", "£20", "$2k", "$1.5 million", "$75 USD", "$ 7 5". */
const PREFIXED = new RegExp(
  R`(?<![\p{L}\p{N}$€£¥₹₩₽₺₪₱฿])(?<cur>${PREFIX_TOKEN})\s{0,3}(?:(?<spread>${SPREAD_DIGITS})|(?<amount>${AMOUNT}))${DASH_CENTS}(?:e(?<exp>\d{1,2})${END_WORD})?(?<scale>${SCALE})?(?:\s?(?:usd|eur|gbp|dollars?|euros?|bucks?)${END_WORD})?`,
  "giu",
);
/** "75$", "75 USD", "75 dollars", "a 60-dollar refund", "80 US dollars and 50 cents", "20 quid", "(75) dollars", "7 5 dollars". */
const SUFFIXED = new RegExp(
  R`${START}(?:(?<spread>${SPREAD_DIGITS})|(?<amount>${AMOUNT}))${DASH_CENTS}(?<scale>${SCALE})?${CLOSE}(?:\s*-\s*|\s*)(?:(?<cur>[$€£¥₹₩₽₺₪₱฿])(?!\s?\d)|(?<word>${CURRENCY_WORD})${END_WORD})${CENTS}`,
  "giu",
);
/**
 * "seventy-five dollars", "a hundred and twenty dollars", "fifty bucks", "ten euros and fifty cents";
 * in French, German and Spanish words too: "soixante-quinze euros", "fünfzig Euro", "cien dólares".
 */
const SPELLED = new RegExp(
  R`(?<![\p{L}\p{N}])(?<words>${WORDS}|${FOREIGN_NUMBER_WORDS_SOURCE})${CLOSE}(?:\s*-\s*|\s+)(?<word>${CURRENCY_WORD})${END_WORD}${CENTS}`,
  "giu",
);
/** "$ seventy-five", "USD seventy five": a currency sign or code before the amount in words. */
const PREFIXED_WORDS = new RegExp(
  R`(?<![\p{L}\p{N}$€£¥₹₩₽₺₪₱฿])(?<cur>${PREFIX_TOKEN})\s{0,3}(?<words>${WORDS})${END_WORD}(?:\s?(?:usd|eur|gbp|dollars?|euros?|bucks?)${END_WORD})?`,
  "giu",
);
/** "50 cents", "fifty cents", "50¢", and as many cents as a reply writes: "7,500 cents" is $75. */
const CENTS_ONLY = new RegExp(R`${START}(?:(?<amount>${AMOUNT})|(?<words>${WORDS}))\s*(?:cents?${END_WORD}|¢)`, "giu");
/**
 * Parts every match of a pattern above contains, tested first with the same flags: a text without
 * one cannot match, and most replies have no currency word and no cents. The spelled-out pattern
 * (every number word of four languages behind a lookbehind) was most of extractMoney's time. A
 * spelled amount's currency word follows a space or a dash, never a letter, so the word must start
 * one: "the trouble" holds "rouble" and ran the spelled-out pattern (31 µs a reply). A currency
 * sign or code before a word must be there for the amount in words ("$ seventy-five"): "$75" has
 * none, and the pattern cost 13 µs a reply on three ordinary ones, its gate under 2.
 */
const HAS_CURRENCY_WORD = new RegExp(R`(?<!\p{L})(?:${CURRENCY_WORD})${END_WORD}`, "iu");
const HAS_CENTS = new RegExp(R`cents?${END_WORD}|¢`, "iu");
const HAS_PREFIX_BEFORE_WORD = new RegExp(
  R`[$€£¥₹₩₽₺₪₱฿]\s{0,3}\p{L}|(?<![\p{L}\p{N}$€£¥₹₩₽₺₪₱฿])(?:${ISO_CODES})\s{0,3}\p{L}`,
  "iu",
);

const PERCENT = new RegExp(
  R`${START}(?:(?<amount>${AMOUNT})|(?<words>${WORDS}))\s*(?:%|percent${END_WORD}|per\s+cent${END_WORD}|pct${END_WORD})`,
  "giu",
);
/** What every PERCENT match ends with, tested first with the same flags. */
const HAS_PERCENT_SIGN = /%|percent|per\s+cent|pct/iu;
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

const SYMBOL_CODES: Record<string, string> = {
  $: "USD",
  us$: "USD",
  ca$: "CAD",
  c$: "CAD",
  au$: "AUD",
  a$: "AUD",
  nz$: "NZD",
  hk$: "HKD",
  s$: "SGD",
  r$: "BRL",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  "₩": "KRW",
  "₽": "RUB",
  "₺": "TRY",
  "₪": "ILS",
  "₱": "PHP",
  "฿": "THB",
  rmb: "CNY",
};
const WORD_CODES: [RegExp, string][] = [
  [/^(?:us )?(?:dollar|bucks?|d[oó]lar)/, "USD"],
  [/^canadian/, "CAD"],
  [/^australian/, "AUD"],
  [/^new zealand/, "NZD"],
  [/^hong kong/, "HKD"],
  [/^singapore/, "SGD"],
  [/^euro/, "EUR"],
  [/^(?:pound|quid|pfund|libra|livre)/, "GBP"],
  [/^(?:swiss )?franc/, "CHF"],
  [/^yen/, "JPY"],
  [/^yuan/, "CNY"],
  [/^rupee/, "INR"],
  [/^peso/, "MXN"],
  [/^r[ou]+ble/, "RUB"],
  [/^zlot/, "PLN"],
  [/^kronor|^krona/, "SEK"],
  [/^krone/, "NOK"],
];

/** The ISO 4217 code of a currency token as written ("$" → USD, "C$" → CAD, "yen" → JPY). */
function currencyCodeOf(token: string): string {
  const t = token.toLowerCase().replace(/\s+/g, " ");
  const symbol = SYMBOL_CODES[t];
  if (symbol) return symbol;
  const word = WORD_CODES.find(([pattern]) => pattern.test(t))?.[1];
  if (word) return word;
  return /^[a-z]{3}$/.test(t) ? t.toUpperCase() : "USD";
}

function currencyOf(code: string): Currency | null {
  return code === "USD" || code === "EUR" || code === "GBP" ? code : null;
}

function scaleOf(scale: string | undefined): number {
  const s = (scale ?? "").trim().toLowerCase();
  if (s === "k" || s === "thousand") return 1e3;
  if (s === "million") return 1e6;
  if (s === "billion") return 1e9;
  return 1;
}

/**
 * Money has at most two decimals, so a dot before exactly three digits groups thousands: "1.500 €" is
 * 1,500 as German and Spanish write it, where a plain number "75.000" stays 75 (numbers.ts).
 */
const DOT_THOUSANDS = /^\d{1,3}\.\d{3}$/;

function numberOf(groups: Record<string, string | undefined>): number | null {
  if (groups.spread !== undefined) return spreadNumber(groups.spread);
  if (groups.amount !== undefined)
    return parseNumber(DOT_THOUSANDS.test(groups.amount) ? groups.amount.replace(".", "") : groups.amount);
  if (groups.words !== undefined) return wordsToNumber(groups.words) ?? foreignWordsToNumber(groups.words);
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
  const add = (m: RegExpMatchArray, amount: number | null, token: string) => {
    if (amount === null || m.index === undefined) return;
    const code = currencyCodeOf(token);
    const read = widenToExpression(text, { amount: roundCents(amount), text: m[0], index: m.index });
    candidates.push({ ...read, currency: currencyOf(code), code, end: read.index + read.text.length });
  };
  // An amount in digits needs a digit: a text without one (most messages) skips both patterns.
  const digits = /\d/.test(text);
  for (const m of digits ? text.matchAll(PREFIXED) : []) {
    const g = m.groups ?? {};
    const n = numberOf(g);
    // "$7.5e1": a model told to hide an amount can write it in scientific notation.
    add(m, n === null ? null : n * scaleOf(g.scale) * 10 ** Number(g.exp ?? 0), g.cur ?? "");
  }
  for (const m of digits ? text.matchAll(SUFFIXED) : []) {
    const g = m.groups ?? {};
    const n = numberOf(g);
    add(m, n === null ? null : n * scaleOf(g.scale) + centsOf(g.cents), g.cur ?? g.word ?? "");
  }
  for (const m of HAS_PREFIX_BEFORE_WORD.test(text) ? text.matchAll(PREFIXED_WORDS) : [])
    add(m, numberOf(m.groups ?? {}), m.groups?.cur ?? "");
  for (const m of HAS_CURRENCY_WORD.test(text) ? text.matchAll(SPELLED) : []) {
    const g = m.groups ?? {};
    const n = numberOf(g);
    add(m, n === null ? null : n + centsOf(g.cents), g.word ?? "");
  }
  for (const m of HAS_CENTS.test(text) ? text.matchAll(CENTS_ONLY) : []) {
    const n = numberOf(m.groups ?? {});
    add(m, n === null ? null : n / 100, "$");
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

const OTHER_DOLLAR_CODES = new Set(["CAD", "AUD", "NZD", "HKD", "SGD"]);
const SYMBOL: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£" };

/** "$75", "$75.50", "€1250": no separators, cents only when there are any. */
export function formatMoney(claim: Pick<MoneyClaim, "amount" | "currency">): string {
  const symbol = claim.currency === null ? "$" : SYMBOL[claim.currency];
  return `${symbol}${claim.amount.toFixed(Number.isInteger(claim.amount) ? 0 : 2)}`;
}

/**
 * The text with every money mention rewritten to `$<amount>` (USD and other dollars), `€<amount>` or
 * `£<amount>`: "seventy-five dollars refund" → "$75 refund", "USD 75,00 back" → "$75 back",
 * "75$ refund" → "$75 refund". Everything else is unchanged. `claims`: extractMoney(text), when the caller has it.
 */
export function canonicalizeMoney(text: string, claims: readonly MoneyClaim[] = extractMoney(text)): string {
  let out = "";
  let at = 0;
  for (const claim of claims) {
    // ¥, CHF, rupees… stay as written: rewriting them to "$" would hand a dollar pattern a yen amount.
    if (claim.currency === null && !OTHER_DOLLAR_CODES.has(claim.code)) continue;
    out += text.slice(at, claim.index) + formatMoney(claim);
    at = claim.index + claim.text.length;
  }
  return out + text.slice(at);
}

/** "20%", "12.5 %", "twenty percent", "20 per cent", "5 pct". */
export function extractPercentages(text: string): PercentageClaim[] {
  const claims: PercentageClaim[] = [];
  if (!HAS_PERCENT_SIGN.test(text)) return claims;
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
