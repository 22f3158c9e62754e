import { type CheckableFact, factAt } from "./facts";

// Dates and times in the formats replies and documents write them, normalised to ISO 8601 with what
// is known: "March 1, 2018", "1st of March 2018", "2018-03-01" and "Mar. 1 2018" are all 2018-03-01;
// "March 2018" is 2018-03, "March 1" is --03-01. Digit dates are read both ways when both are valid
// ("03/04/2025": 2025-03-04 and 2025-04-03), and grounded if either reading is.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** Month names start with a capital: "may" is a verb, "march" one too. */
const MONTH = String.raw`(?<month>January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?`;
const DAY = String.raw`(?<day>[0-3]?\d)(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?<year>1[5-9]\d\d|2[01]\d\d)`;
const SEP = String.raw`(?:\s*,\s*|\s+)`;
const END = String.raw`(?![\p{L}\p{N}])`;
const BEGIN = String.raw`(?<![\p{L}\p{N}])`;

const WORD_DATES = [
  new RegExp(`${BEGIN}${MONTH}\\s+${DAY}${SEP}${YEAR}${END}`, "gu"),
  new RegExp(`${BEGIN}${DAY}\\s+(?:of\\s+)?${MONTH}${SEP}${YEAR}${END}`, "gu"),
  new RegExp(`${BEGIN}${MONTH}${SEP}(?:of\\s+)?${YEAR}${END}`, "gu"),
  new RegExp(`${BEGIN}${MONTH}\\s+${DAY}${END}`, "gu"),
  new RegExp(`${BEGIN}${DAY}\\s+(?:of\\s+)?${MONTH}${END}`, "gu"),
];
/** "2018-03-01", and the date of a timestamp ("2023-11-16T08:00:00-06:00"). */
const ISO_DATE =
  /(?<![\p{L}\p{N}./-])(\d{4})-(\d{1,2})-(\d{1,2})(?:T[\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?(?![\p{L}\p{N}]|[./-]\d)/gu;
const DIGIT_DATE = /(?<![\p{L}\p{N}./-])(\d{1,2})([/.])(\d{1,2})\2(\d{4}|\d{2})(?![\p{L}\p{N}]|[./-]\d)/gu;
/** "on 12/05", "by 5/12": a digit date with no year, only after a word that introduces a date ("24/7" and "1/2" are not dates). */
const SHORT_DIGIT_DATE =
  /(?<=(?:^|[^\p{L}])(?:on|by|until|till|from|since|before|after|through|thru)\s+)(\d{1,2})\/(\d{1,2})(?![\p{L}\p{N}]|[./-]\d)/giu;
const CLOCK = /(?<![\p{L}\p{N}.:])(\d{1,2}):(\d{2})(?::\d{2})?(?:\s*([ap])\.?\s?m\.?(?![\p{L}]))?(?![\p{N}]|:\d)/giu;
const HOUR = /(?<![\p{L}\p{N}.:])(\d{1,2})\s*([ap])\.?\s?m\.?(?![\p{L}\p{N}])/giu;

/**
 * Every date and time pattern above holds a digit, and a date in words a month's first three letters:
 * a text without them is not read (most replies and messages name no month).
 */
const DIGIT = /\d/;
const MONTH_START = /Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/u;

const pad = (n: number) => String(n).padStart(2, "0");

function monthNumber(name: string): number {
  const key = name.slice(0, 3).toLowerCase();
  return MONTHS.findIndex((m) => m.slice(0, 3).toLowerCase() === key) + 1;
}

function iso(year: number | null, month: number, day: number | null): string | null {
  if (month < 1 || month > 12) return null;
  if (day !== null && (day < 1 || day > 31)) return null;
  const m = pad(month);
  if (year === null) return day === null ? null : `--${m}-${pad(day)}`;
  return day === null ? `${year}-${m}` : `${year}-${m}-${pad(day)}`;
}

export function dateFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  if (!DIGIT.test(text)) return facts;
  for (const pattern of MONTH_START.test(text) ? WORD_DATES : []) {
    for (const m of text.matchAll(pattern)) {
      const g = m.groups ?? {};
      const value = iso(
        g.year ? Number(g.year) : null,
        monthNumber(g.month ?? ""),
        g.day === undefined ? null : Number(g.day),
      );
      if (value) facts.push(factAt("date", [value], m[0], m.index ?? 0));
    }
  }
  for (const m of text.matchAll(ISO_DATE)) {
    const value = iso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (value) facts.push(factAt("date", [value], m[0], m.index ?? 0));
  }
  for (const m of text.matchAll(DIGIT_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const written = m[4] ?? "";
    const year = written.length === 2 ? 2000 + Number(written) : Number(written);
    // Month first (US) is the first reading; day first the other. "25/12/2024" has only one.
    const readings = [iso(year, a, b), iso(year, b, a)].filter((r): r is string => r !== null);
    if (readings.length > 0) facts.push(factAt("date", [...new Set(readings)], m[0], m.index ?? 0));
  }
  for (const m of text.matchAll(SHORT_DIGIT_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const readings = [iso(null, a, b), iso(null, b, a)].filter((r): r is string => r !== null);
    if (readings.length > 0) facts.push(factAt("date", [...new Set(readings)], m[0], m.index ?? 0));
  }
  return facts;
}

/** "3 pm", "3:00 p.m.", "15:00" → "15:00". */
export function timeFacts(text: string): CheckableFact[] {
  const facts: CheckableFact[] = [];
  const add = (m: RegExpMatchArray, hour: number, minute: number, half: string | undefined) => {
    let h = hour;
    if (half?.toLowerCase() === "p" && h < 12) h += 12;
    if (half?.toLowerCase() === "a" && h === 12) h = 0;
    if (h > 24 || minute > 59) return;
    facts.push(factAt("time", [`${pad(h)}:${pad(minute)}`], m[0], m.index ?? 0));
  };
  if (!DIGIT.test(text)) return facts;
  for (const m of text.matchAll(CLOCK)) add(m, Number(m[1]), Number(m[2]), m[3]);
  for (const m of text.matchAll(HOUR)) add(m, Number(m[1]), 0, m[2]);
  return facts;
}

/** A source date grounds a reply date it agrees with on every part the reply states ("March 2018" by 2018-03-01). */
export function sameDate(reply: string, source: string): boolean {
  if (reply === source) return true;
  const r = parts(reply);
  const s = parts(source);
  return (
    (r.year === null || r.year === s.year) &&
    (r.month === null || r.month === s.month) &&
    (r.day === null || r.day === s.day) &&
    (r.year !== null || s.month !== null)
  );
}

function parts(value: string): { year: string | null; month: string | null; day: string | null } {
  const noYear = /^--(\d\d)-(\d\d)$/.exec(value);
  if (noYear) return { year: null, month: noYear[1] ?? null, day: noYear[2] ?? null };
  const [year = null, month = null, day = null] = value.split("-");
  return { year, month, day };
}
