import { isAsciiDigit, isWordCharAt, type PiiDetector, type PiiMatch } from "./pii-match";

// Payment card numbers (ISO/IEC 7812): 13–19 digits, or 12 for Maestro (IIN 50 or 56–69: 6 of the 84
// Presidio cards), written together or in groups split by one space or dash, whose Luhn check digit is
// right. A run after "+" is a phone number's. A group run longer than a card is tried window by window
// (at most 19 digits each), so the scan stays linear: ≤ 19 windows per group start.

const MIN_DIGITS = 12;
const MAX_DIGITS = 19;
const MAESTRO_12 = /^(?:50|5[6-9]|6\d)/;

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

/** A digit's share of a Luhn sum where the check doubles it. */
const doubledDigit = (digit: number) => (digit * 2 > 9 ? digit * 2 - 9 : digit * 2);

/**
 * A card's length for a window of `length` digits that starts with `firstTwo`. No card network issues
 * numbers starting with 0 (MII 0), so a window of zeros in a tracking number is none.
 */
const cardWindow = (firstTwo: string, length: number) =>
  firstTwo[0] !== "0" && (length >= 13 || (length === 12 && MAESTRO_12.test(firstTwo)));

/** The longest Luhn-valid window of whole groups from each start, left to right, never overlapping. */
function cardsInRun(text: string, run: DigitGroup[]): PiiMatch[] {
  const found: PiiMatch[] = [];
  let from = 0;
  while (from < run.length) {
    let best: number | null = null;
    // A window starting with 0 is never a card, however long.
    if (run[from]?.digits.startsWith("0")) {
      from++;
      continue;
    }
    // Luhn as the window grows group by group: sums of its digits at even and odd places from the left,
    // as they are and doubled; which pair the check adds depends on the window's length (every second
    // digit from the right is doubled). Each longer window is checked in O(1), where building its digits
    // and reading them again made "1 1 1 …" (every group a window start) cost 3.5 ms at 4,000 characters.
    let length = 0;
    let plainEven = 0;
    let plainOdd = 0;
    let doubledEven = 0;
    let doubledOdd = 0;
    let firstTwo = "";
    for (let last = from; last < run.length; last++) {
      const digits = run[last]?.digits ?? "";
      if (length + digits.length > MAX_DIGITS) break;
      for (let k = 0; k < digits.length; k++, length++) {
        const digit = digits.charCodeAt(k) - 48;
        if (length % 2 === 0) {
          plainEven += digit;
          doubledEven += doubledDigit(digit);
        } else {
          plainOdd += digit;
          doubledOdd += doubledDigit(digit);
        }
      }
      if (firstTwo.length < 2) firstTwo = (firstTwo + digits).slice(0, 2);
      const luhnSum = length % 2 === 0 ? doubledEven + plainOdd : doubledOdd + plainEven;
      if (length >= MIN_DIGITS && cardWindow(firstTwo, length) && luhnSum % 10 === 0) best = last;
    }
    const first = run[from];
    const end = best === null ? undefined : run[best];
    const afterPlus = text[(first?.start ?? 0) - 1] === "+";
    if (
      best === null ||
      !first ||
      !end ||
      afterPlus ||
      isWordCharAt(text, first.start - 1) ||
      isWordCharAt(text, end.end)
    ) {
      from++;
      continue;
    }
    found.push({
      start: first.start,
      end: end.end,
      label: "CARD",
      value: text.slice(first.start, end.end),
      normalized: run
        .slice(from, best + 1)
        .map((group) => group.digits)
        .join(""),
    });
    from = best + 1;
  }
  return found;
}

export const findCardNumbers: PiiDetector = (text) => groupRuns(text).flatMap((run) => cardsInRun(text, run));
