import { IBAN_LENGTHS } from "./iban-lengths";
import { isWordCharAt, type PiiDetector, type PiiMatch } from "./pii-match";

// IBANs (ISO 13616; either case, read as capitals): country code, two check digits, then the country's fixed number of letters and
// digits, written together or in groups split by single spaces. A candidate is read for exactly the
// country's length (at most 34 characters) and kept only when the mod-97 remainder is 1, so the scan
// is linear: one bounded read per two-letter start.

const CANDIDATE_START = /[A-Za-z]{2}[0-9]{2}/g;

/** ISO 7064 mod 97-10 over the rearranged IBAN (letters as 10–35), in chunks that fit a double. */
export function ibanChecksumValid(compact: string): boolean {
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

const isAlnum = (char: string | undefined): boolean =>
  char !== undefined && ((char >= "0" && char <= "9") || (char >= "A" && char <= "Z") || (char >= "a" && char <= "z"));

/** Reads `length` letters and digits from `start`, allowing one space between them; null when it cannot. */
function readCompact(text: string, start: number, length: number): { compact: string; end: number } | null {
  let compact = "";
  let at = start;
  while (compact.length < length) {
    const char = text[at];
    if (char !== undefined && isAlnum(char)) {
      compact += char.toUpperCase();
      at++;
    } else if (char === " " && compact.length > 0 && isAlnum(text[at + 1])) {
      at++;
    } else {
      return null;
    }
  }
  return { compact, end: at };
}

export const findIbans: PiiDetector = (text) => {
  const found: PiiMatch[] = [];
  let resumeAt = 0;
  for (const candidate of text.matchAll(CANDIDATE_START)) {
    const start = candidate.index;
    if (start < resumeAt || isWordCharAt(text, start - 1)) continue;
    const length = IBAN_LENGTHS[text.slice(start, start + 2).toUpperCase()];
    if (length === undefined) continue;
    const read = readCompact(text, start, length);
    if (!read || isWordCharAt(text, read.end) || !ibanChecksumValid(read.compact)) continue;
    found.push({ start, end: read.end, label: "IBAN", value: text.slice(start, read.end), normalized: read.compact });
    resumeAt = read.end;
  }
  return found;
};
