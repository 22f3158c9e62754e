// Placeholders, on their own so the console can find them in a trace without loading the detectors.

/** `[CARD_1]`, `[EMAIL_2]`, `[ORDER_REF_1]`: what a value of `label` is called in the session. */
export const placeholderOf = (label: string, n: number): string => `[${label}_${n}]`;

/** Placeholders as they appear in text, for the vault's restore and the trace view's reveal. */
export const PLACEHOLDER = /\[([A-Z][A-Z0-9_]{0,40})_([1-9][0-9]{0,5})\]/g;

/** The distinct placeholders of some texts, in order of first appearance. */
export function placeholdersIn(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(PLACEHOLDER)].map((match) => match[0])))];
}
