// One customer message the input-safety corpus reads, in a named class of one split.

/**
 * `dev` classes are the ones the classifier was tuned on; `frozen` classes were written before the
 * classifier existed, in other words and shapes, and are never edited (README.md).
 */
export type SafetySplit = "dev" | "frozen";

/** What a class holds: attempts to steer the assistant, abuse aimed at it, or ordinary messages that must stay clear. */
type SafetyExpectation = "injection" | "abuse" | "benign";

export interface SafetyClass {
  name: string;
  split: SafetySplit;
  expect: SafetyExpectation;
  /** What the class checks, for the bench's table. */
  about: string;
  messages: string[];
}

/** Base64 of a text's UTF-8 bytes, as an attacker pastes it; deterministic, so the corpus is the same everywhere. */
export function base64Of(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
