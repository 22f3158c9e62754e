import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js";
import { besideAmount, insideIdentifier, notPhoneShape, runLabel, streetNumber } from "./number-look-alikes";
import type { PiiDetector, PiiMatch } from "./pii-match";

// Phone numbers as people write them: with a +country code or a 00 international prefix ("+44 20 7946
// 0958", "0049 30 901820", "001-253-366-9781"), and national forms of any country, grouped by spaces,
// dots, dashes, slashes or parentheses ("0490 75 40 81", "01.84.17.61.18", "(11) 98765-4321",
// "03-1234-5678"), with an extension ("x459", "ext. 12") kept in the match.
//
// libphonenumber-js reads each international number (country code, possible length) and each bare run
// of digits (valid in `default_region`); a grouped national number is taken by its shape, because the
// national plans of DE and AT accept almost any 7–12 digits (30 of 42 Presidio test phones parse as
// valid in Germany), so a plan's verdict cannot tell a French number from an Austrian one. What keeps
// look-alikes out is number-look-alikes.ts: identifiers with letters, reference labels, dates, times,
// amounts, IP addresses. A run is read whole and never searched inside: a 22-digit tracking number
// holds no phone.
//
// Each candidate costs one libphonenumber parse (tens of microseconds), and only runs of 7 or more
// digits no earlier detector covered are candidates, so the scan stays linear in the text.

const MIN_DIGITS = 7;
/** National significant number plus a trunk 0: "21 284 698 2548", "(011) 98765-4321". */
const MAX_NATIONAL = 12;
/** E.164's limit, country code included. */
const MAX_INTERNATIONAL = 15;
const SEPARATORS = new Set([" ", "-", ".", "(", ")", "/", "\u00a0"]);
/** What splits one written run into two numbers: " / " between them, or a wide gap. */
const BETWEEN_NUMBERS = /\s\/\s|\s{2,}/g;
const EXTENSION = /^\s?(?:x|ext\.?|extension)\s?\d{1,6}(?![\p{L}\p{N}])/iu;

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** Runs that may hold a phone number: [start, end) offsets from a digit, "+" or "(" to the last digit. */
function candidateRuns(text: string): [number, number][] {
  const runs: [number, number][] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    const starts = isDigit(char) || ((char === "+" || char === "(") && isDigit(text[at + 1]));
    if (!starts) {
      at++;
      continue;
    }
    const start = at;
    let digits = isDigit(char) ? 1 : 0;
    let end = isDigit(char) ? at + 1 : at;
    at++;
    while (at < text.length && (isDigit(text[at]) || SEPARATORS.has(text[at] ?? ""))) {
      if (isDigit(text[at])) {
        digits++;
        end = at + 1;
      }
      at++;
    }
    if (digits >= MIN_DIGITS) runs.push(...split(text, start, end));
  }
  return runs;
}

/** A run cut where one number ends and the next begins ("0490 75 40 81 / 0494 92 82 32"). */
function split(text: string, start: number, end: number): [number, number][] {
  const parts: [number, number][] = [];
  let from = start;
  for (const gap of text.slice(start, end).matchAll(BETWEEN_NUMBERS)) {
    parts.push(...trunkNumbers(text, ...trimmed(text, from, start + gap.index)));
    from = start + gap.index + gap[0].length;
  }
  parts.push(...trunkNumbers(text, ...trimmed(text, from, end)));
  return parts;
}

const digitCount = (text: string, start: number, end: number) => {
  let n = 0;
  for (let at = start; at < end; at++) if (isDigit(text[at])) n++;
  return n;
};

/**
 * A part too long for one national number that starts with a trunk 0, cut before each group that starts
 * with one once the part before has a number's digits: "0490 75 40 81 0494 92 82 32" is two numbers. A
 * run starting otherwise (a tracking number, "9400 1000 0000 …") is left whole.
 */
function trunkNumbers(text: string, start: number, end: number): [number, number][] {
  if (text[start] !== "0" || text[start + 1] === "0" || digitCount(text, start, end) <= MAX_NATIONAL) {
    return [[start, end]];
  }
  const parts: [number, number][] = [];
  let from = start;
  for (let at = start + 1; at < end; at++) {
    const groupStart = text[at] === "0" && text[at - 1] === " ";
    if (groupStart && digitCount(text, from, at) >= MIN_DIGITS) {
      parts.push([from, at - 1]);
      from = at;
    }
  }
  parts.push([from, end]);
  return parts;
}

/** A part without separators at its ends, but for a leading "(" or "+". */
function trimmed(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  while (from < to && !isDigit(text[from]) && !(text[from] === "(" || text[from] === "+")) from++;
  while (to > from && !isDigit(text[to - 1])) to--;
  return [from, to];
}

const covered = (start: number, end: number, taken: readonly PiiMatch[]) =>
  taken.some((match) => match.start < end && start < match.end);

/** The number read from `written` (a leading 00 read as +): E.164 when it is possible, else null. */
function international(written: string): string | null {
  const plus = written.startsWith("00") ? `+${written.slice(2)}` : written;
  const digits = plus.replace(/\D/g, "").length;
  if (digits < 8 || digits > MAX_INTERNATIONAL) return null;
  const parsed = parsePhoneNumberFromString(plus.replace("(0)", ""));
  return parsed?.isPossible() ? parsed.number : null;
}

/**
 * A national number: its normalised form (E.164 when the region's plan says valid, else its digits),
 * or null. `namedPhone`: a phone word stands before it ("Phone: 28646698").
 */
function national(written: string, region: CountryCode | undefined, namedPhone: boolean): string | null {
  const digits = written.replace(/\D/g, "");
  if (digits.length < MIN_DIGITS || digits.length > MAX_NATIONAL || /^0+$/.test(digits)) return null;
  if (notPhoneShape(written)) return null;
  const parsed = region ? parsePhoneNumberFromString(written, region) : undefined;
  const valid = parsed?.country === region && parsed?.isValid() ? parsed.number : null;
  const grouped = written.length > digits.length;
  // A bare run is a phone when the region's plan allows it, when a phone word names it, or when it
  // starts with a trunk 0 and is as long as a national number with one (10–11 digits: "07700900123").
  if (grouped || valid || namedPhone) return valid ?? digits;
  return /^0[1-9]/.test(digits) && digits.length >= 10 && digits.length <= 11 ? digits : null;
}

/** The phone number written at [start, end), extension included, or null when it is none. */
function readNumber(text: string, start: number, end: number, region: CountryCode | undefined): PiiMatch | null {
  const extension = EXTENSION.exec(text.slice(end, end + 16));
  const close = extension ? end + extension[0].length : end;
  if (insideIdentifier(text, start, close) || besideAmount(text, start, close) || streetNumber(text, start, end)) {
    return null;
  }
  const written = text.slice(start, end);
  const isInternational = written.startsWith("+") || (written.startsWith("00") && !written.startsWith("000"));
  const label = written.startsWith("+") ? null : runLabel(text, start);
  if (label === "reference") return null;
  const normalized = isInternational ? international(written) : national(written, region, label === "phone");
  if (normalized === null) return null;
  const suffix = extension ? `;ext=${extension[0].replace(/\D/g, "")}` : "";
  return { start, end: close, label: "PHONE", value: text.slice(start, close), normalized: normalized + suffix };
}

/** A detector reading phone numbers, bare national runs in `region` (ISO 3166-1 alpha-2). */
export function phoneNumberDetector(region: string): PiiDetector {
  const country = isSupportedCountry(region) ? region : undefined;
  return (text, taken = []) => {
    const found: PiiMatch[] = [];
    for (const [start, end] of candidateRuns(text)) {
      // A part with fewer digits than any phone is none (readNumber would say so after reading its
      // neighbourhood): "1 / 1 / 1 …" splits into a thousand of them at 4,000 characters.
      if (digitCount(text, start, end) < MIN_DIGITS || covered(start, end, taken)) continue;
      const match = readNumber(text, start, end, country);
      if (match) found.push(match);
    }
    return found;
  };
}
