import { extractMoney, extractPercentages } from "../../extraction/money";
import { NUMBER_WORDS_SOURCE, parseNumber, roundCents, wordsToNumber } from "../../extraction/numbers";
import { type CheckableFact, factAt } from "./facts";

// Amounts, percentages, durations and the other numbers of a text. Money and percentages are read by
// the extraction stage's own readers (extraction/money.ts), so "$75", "75 dollars" and "seventy-five
// dollars" are one amount here as they are for lane 1's rules. Numbers in words count for money,
// percentages and durations only: a bare "five" or "one" is too often not a claim ("one of the").

const R = String.raw;
const DIGITS = R`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = R`thousand|million|billion|trillion`;
const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const BEGIN = R`(?<![\p{L}\p{N}_])`;

/** Seconds, minutes and hours are seconds; days and weeks are days; months and years are months. */
const UNITS: Record<string, [string, number]> = {
  second: ["second", 1],
  sec: ["second", 1],
  minute: ["second", 60],
  min: ["second", 60],
  hour: ["second", 3600],
  hr: ["second", 3600],
  day: ["day", 1],
  week: ["day", 7],
  month: ["month", 1],
  year: ["month", 12],
  yr: ["month", 12],
};
const UNIT = R`(?<unit>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)(?![\p{L}])`;
const NUM = (name: string) => R`(?<${name}>${DIGITS}|${NUMBER_WORDS_SOURCE})`;
/**
 * "3-5 business days", "three to five days", "24 hours", "2 weeks", "a 30-day window", "between 3 and 5
 * days". An age ("18 years old") is a number, not a duration.
 */
const DURATION = new RegExp(
  R`${BEGIN}(?:between\s+)?${NUM("from")}(?:\s*(?:-|–|—|to|and|or)\s*${NUM("to")})?(?:\s*-\s*|\s+)(?:(?:business|working|calendar|full)\s+)?${UNIT}(?!\s*-?\s*old)`,
  "giu",
);

/** Every digit number not read as something else: "1,078 miles", "4.28 million viewers", "42nd", "2015". */
const NUMBER = new RegExp(
  R`(?<![\p{L}\p{N}_.,/#$€£])(?<![\p{L}]-)(?<digits>${DIGITS})(?:(?<ordinal>st|nd|rd|th)|(?<glued>[a-z]{1,3}))?(?![\p{L}\p{N}]|[.,/]\d)(?:\s+(?<scale>${SCALE}))?(?:\s+(?<noun>\p{L}+))?`,
  "giu",
);
const NOT_A_UNIT = new Set(
  "of and or to in on at for the a an is are was were by per from with as that which it this these those be has have had".split(
    " ",
  ),
);
const APPROXIMATE =
  /(?:about|around|approximately|approx\.?|roughly|nearly|almost|some|over|under|more than|less than|fewer than|at least|at most|up to|close to|~)\s*$/iu;
const YEAR = /^(?:1[6-9]|20)\d\d$/;

function numberOf(written: string): number | null {
  if (/^an?$/i.test(written)) return 1;
  return /\d/.test(written) ? parseNumber(written.replace(/,(?=\d{3})/g, "")) : wordsToNumber(written);
}

/** A value as a normalised string: no float noise, no trailing zeros ("4.280" → "4.28"). */
export const numberKey = (n: number): string => String(Math.round(n * 1e6) / 1e6);

export function moneyFacts(text: string): CheckableFact[] {
  return extractMoney(text).map((m) =>
    factAt("money", [`${m.code} ${numberKey(m.amount)}`], m.text, m.index, { amount: m.amount }),
  );
}

export function percentFacts(text: string): CheckableFact[] {
  return extractPercentages(text).map((p) =>
    factAt("percent", [`${numberKey(p.value)}%`], p.text, p.index, { amount: p.value }),
  );
}

/** "a month", "an hour": one unit, read in sources only (a reply's "once a week" is a frequency). */
const ONE_UNIT = new RegExp(R`${BEGIN}(?<from>an?)\s+(?:(?:business|working|calendar|full)\s+)?${UNIT}`, "giu");

/** The start of every unit UNIT reads, with its flags: a text without one states no duration. */
const UNIT_START = /sec|min|hour|hr|day|week|month|year|yr/iu;

export function durationFacts(text: string): CheckableFact[] {
  return UNIT_START.test(text) ? durationsOf(text.matchAll(DURATION)) : [];
}

export function oneUnitDurations(text: string): CheckableFact[] {
  return UNIT_START.test(text) ? durationsOf(text.matchAll(ONE_UNIT)) : [];
}

function durationsOf(matches: Iterable<RegExpMatchArray>): CheckableFact[] {
  const facts: CheckableFact[] = [];
  for (const m of matches) {
    const g = m.groups ?? {};
    const unitWord = (g.unit ?? "").toLowerCase().replace(/s$/, "");
    const [base, factor] = UNITS[unitWord] ?? ["day", 1];
    const from = numberOf(g.from ?? "");
    const to = g.to === undefined ? null : numberOf(g.to);
    if (from === null || (g.to !== undefined && to === null)) continue;
    const range = [from, to]
      .filter((n): n is number => n !== null)
      .map((n) => numberKey(n * factor))
      .join("-");
    facts.push(factAt("duration", [`${range} ${base}`], m[0], m.index ?? 0, { amount: from * factor }));
  }
  return facts;
}

/** Numbers left over: a quantity when a noun follows ("3 orders", "1,078 miles"), a year alone is a date. */
export function numberFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  if (!/\d/.test(text)) return facts;
  for (const m of text.matchAll(NUMBER)) {
    const g = m.groups ?? {};
    const digits = g.digits ?? "";
    const base = numberOf(digits);
    if (base === null) continue;
    const amount = roundCents(base * (SCALES[(g.scale ?? "").toLowerCase()] ?? 1)) || base;
    const start = m.index ?? 0;
    const approximate = APPROXIMATE.test(text.slice(Math.max(0, start - 20), start));
    const noun = (g.glued ?? g.noun)?.toLowerCase();
    const written = g.noun ? m[0].slice(0, m[0].length - g.noun.length).trimEnd() : m[0];
    if (!g.scale && !g.ordinal && YEAR.test(digits) && (!noun || NOT_A_UNIT.has(noun))) {
      facts.push(factAt("date", [digits], written, start, { amount }));
    } else if (noun && !NOT_A_UNIT.has(noun)) {
      facts.push(factAt("quantity", [numberKey(amount)], m[0], start, { amount, unit: noun, approximate }));
    } else {
      facts.push(factAt("number", [numberKey(amount)], written, start, { amount, approximate }));
    }
  }
  return facts;
}

/** Every number a source states, in digits or words, with where it stands. */
export function sourceNumbers(text: string): { n: number; start: number; end: number }[] {
  const numbers: { n: number; start: number; end: number }[] = [];
  const add = (n: number | null, m: RegExpMatchArray) => {
    const start = m.index ?? 0;
    if (n !== null) numbers.push({ n, start, end: start + m[0].length });
  };
  for (const m of text.matchAll(ANY_NUMBER)) {
    const g = m.groups ?? {};
    const n = numberOf(g.digits ?? "");
    add(n, m);
    if (n !== null && g.scale) add(n * (SCALES[g.scale.toLowerCase()] ?? 1), m);
  }
  for (const m of text.matchAll(SPELLED)) add(wordsToNumber(m[0]), m);
  for (const [word, share] of FRACTIONS) for (const m of text.matchAll(word)) add(share, m);
  return numbers;
}

/** In a source every run of digits counts, wherever it stands ("1990-2000", "APP-001", "v2"). */
const ANY_NUMBER = new RegExp(
  R`(?<![\p{N}]|\d[.,])(?<digits>${DIGITS})(?![\p{N}]|[.,]\d)(?:\s+(?<scale>${SCALE}))?`,
  "giu",
);
const SPELLED = new RegExp(R`${BEGIN}(?:${NUMBER_WORDS_SOURCE})`, "giu");
/** "half the price" grounds "50%" (a reply's own "half" is not read: it is too vague to check). */
const FRACTIONS: [RegExp, number][] = [
  [/\bhalf\b/giu, 50],
  [/\b(?:a|one)[\s-]quarter\b/giu, 25],
  [/\bthree[\s-]quarters\b/giu, 75],
  [/\b(?:a|one)[\s-]third\b/giu, 33],
  [/\btwo[\s-]thirds\b/giu, 67],
];
