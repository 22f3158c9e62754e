import {
  type CountryCode,
  findPhoneNumbersInText,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js";
import type { PiiDetector, PiiMatch } from "./pii-match";

// Phone numbers, in E.164 (+44 20 7946 0958) and in the national forms of `default_region`
// (privacy.default_region), found and validated by libphonenumber-js against each region's numbering
// plan. A region it does not know reads only numbers written with their +country code.
//
// The finder costs tens of microseconds a call, so it is not run over the whole text: a linear scan
// picks the candidates (runs of digits and the separators numbers are written with, holding 7 or more
// digits), a run already covered by another detector's match (a card, an IBAN) is skipped, and the
// finder reads each remaining run alone — after a whole run that parses as a valid number, which
// is most of them and costs a third of a finder call. Runs longer than 64 characters are read in 64-character
// pieces overlapping by 24 (a number is at most 15 digits and its separators), so the work stays linear.

const MIN_DIGITS = 7;
const PIECE = 64;
const OVERLAP = 24;
const SEPARATORS = new Set([" ", "-", ".", "(", ")", "/", "\u00a0"]);

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";

/** Runs that may hold a phone number: [start, end) offsets, each with at least MIN_DIGITS digits. */
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
    let digits = 0;
    let end = at;
    at++;
    if (isDigit(char)) {
      digits = 1;
      end = at;
    }
    while (at < text.length && (isDigit(text[at]) || SEPARATORS.has(text[at] ?? ""))) {
      if (isDigit(text[at])) {
        digits++;
        end = at + 1;
      }
      at++;
    }
    if (digits >= MIN_DIGITS) runs.push([start, end]);
  }
  return runs;
}

function pieces([start, end]: [number, number]): [number, number][] {
  if (end - start <= PIECE) return [[start, end]];
  const cut: [number, number][] = [];
  for (let from = start; from < end; from += PIECE - OVERLAP) {
    cut.push([from, Math.min(end, from + PIECE)]);
    if (from + PIECE >= end) break;
  }
  return cut;
}

const covered = (start: number, end: number, taken: readonly PiiMatch[]) =>
  taken.some((match) => match.start <= start && end <= match.end);

/** The run as one valid number of the plan (a leading "(" kept), or null. */
function wholeRun(text: string, [start, end]: [number, number], region: CountryCode | undefined): PiiMatch | null {
  if (end - start > 32) return null;
  const value = text.slice(start, end);
  const parsed = parsePhoneNumberFromString(value, region ? { defaultCountry: region } : {});
  if (!parsed?.isValid()) return null;
  return { start, end, label: "PHONE", value, normalized: parsed.number };
}

/** A detector reading national numbers of `region` (ISO 3166-1 alpha-2). */
export function phoneNumberDetector(region: string): PiiDetector {
  const options: { defaultCountry?: CountryCode } = isSupportedCountry(region) ? { defaultCountry: region } : {};
  return (text, taken = []) => {
    const found = new Map<number, PiiMatch>();
    for (const run of candidateRuns(text)) {
      if (covered(run[0], run[1], taken)) continue;
      const whole = wholeRun(text, run, options.defaultCountry);
      if (whole) {
        found.set(whole.start, whole);
        continue;
      }
      for (const [from, to] of pieces(run)) {
        for (const hit of findPhoneNumbersInText(text.slice(from, to), options)) {
          const start = from + hit.startsAt;
          const end = from + hit.endsAt;
          if (found.has(start)) continue;
          found.set(start, {
            start,
            end,
            label: "PHONE",
            value: text.slice(start, end),
            normalized: hit.number.number,
          });
        }
      }
    }
    return [...found.values()].sort((a, b) => a.start - b.start);
  };
}
