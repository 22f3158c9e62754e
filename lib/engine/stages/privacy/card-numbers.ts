import { isAsciiDigit, isWordCharAt, type PiiDetector, type PiiMatch } from "./pii-match";

// Payment card numbers (ISO/IEC 7812): 13–19 digits, or 12 for Maestro (IIN 50 or 56–69: 6 of the 84
// Presidio cards), written together or in groups split by one space or dash, whose Luhn check digit is
// right. A run after "+" is a phone number's. A group run longer than a card is tried window by window
// (at most 19 digits each), so the scan stays linear: ≤ 19 windows per group start.

const MIN_DIGITS = 12;
const MAX_DIGITS = 19;
const MAESTRO_12 = /^(?:50|5[6-9]|6\d)/;

/** No card network issues numbers starting with 0 (MII 0), so a window of zeros in a tracking number is none. */
const cardLength = (digits: string) =>
  digits[0] !== "0" && (digits.length >= 13 || (digits.length === 12 && MAESTRO_12.test(digits)));

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface DigitGroup {
  start: number;
  end: number;
  digits: string;
}

/** Runs of digit groups joined by single spaces or dashes, each run as its list of groups. */
function groupRuns(text: string): DigitGroup[][] {
  const runs: DigitGroup[][] = [];
  let run: DigitGroup[] = [];
  let at = 0;
  while (at < text.length) {
    if (!isAsciiDigit(text.charCodeAt(at))) {
      at++;
      continue;
    }
    const start = at;
    while (at < text.length && isAsciiDigit(text.charCodeAt(at))) at++;
    const group = { start, end: at, digits: text.slice(start, at) };
    const previous = run.at(-1);
    const joined = previous && start === previous.end + 1 && " -".includes(text[previous.end] ?? "");
    if (!joined) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    run.push(group);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The longest Luhn-valid window of whole groups from each start, left to right, never overlapping. */
function cardsInRun(text: string, run: DigitGroup[]): PiiMatch[] {
  const found: PiiMatch[] = [];
  let from = 0;
  while (from < run.length) {
    let best: { last: number; digits: string } | null = null;
    let digits = "";
    for (let last = from; last < run.length; last++) {
      digits += run[last]?.digits ?? "";
      if (digits.length > MAX_DIGITS) break;
      if (digits.length >= MIN_DIGITS && cardLength(digits) && luhnValid(digits)) best = { last, digits };
    }
    const first = run[from];
    const end = best ? run[best.last] : undefined;
    const afterPlus = text[(first?.start ?? 0) - 1] === "+";
    if (!best || !first || !end || afterPlus || isWordCharAt(text, first.start - 1) || isWordCharAt(text, end.end)) {
      from++;
      continue;
    }
    found.push({
      start: first.start,
      end: end.end,
      label: "CARD",
      value: text.slice(first.start, end.end),
      normalized: best.digits,
    });
    from = best.last + 1;
  }
  return found;
}

export const findCardNumbers: PiiDetector = (text) => groupRuns(text).flatMap((run) => cardsInRun(text, run));
