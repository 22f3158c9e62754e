/**
 * One value a detector found in the text: where it is (UTF-16 offsets, end exclusive), the label its
 * placeholder carries (`CARD` → `[CARD_1]`) and the value twice: as written, and normalised so the same
 * value written another way (spaces in a card number, the case of an e-mail) keeps its placeholder.
 */
export interface PiiMatch {
  start: number;
  end: number;
  label: string;
  value: string;
  normalized: string;
}

/**
 * A detector: pure, deterministic, linear in the text (each candidate it tries is of bounded length).
 * `taken`: what the detectors before it found, which a costly detector may skip (the phone finder).
 */
export type PiiDetector = (text: string, taken?: readonly PiiMatch[]) => PiiMatch[];

const isAsciiDigit = (code: number): boolean => code >= 48 && code <= 57;
const isAsciiLetter = (code: number): boolean => (code | 0x20) >= 97 && (code | 0x20) <= 122;

/** Whether the character at `at` is a letter or digit (out of range: no), so a match does not start or end inside a word. */
export function isWordCharAt(text: string, at: number): boolean {
  if (at < 0 || at >= text.length) return false;
  const code = text.charCodeAt(at);
  return isAsciiDigit(code) || isAsciiLetter(code);
}

export { isAsciiDigit };
