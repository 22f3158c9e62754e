// The typed facts a reply states that a program can check against what the turn had.

export type FactKind =
  | "money"
  | "percent"
  | "duration"
  | "date"
  | "time"
  | "phone"
  | "email"
  | "url"
  | "code"
  | "quantity"
  | "number"
  | "name";

export interface CheckableFact {
  kind: FactKind;
  /**
   * The normalised value, equal for every way of writing the same fact: money "USD 75", percent
   * "15%", duration "3-5 day" (weeks as days, years as months, hours and minutes as seconds), date
   * "2018-03-01" / "2018-03" / "2018" / "--03-01", time "15:30", phone digits "5550102000", e-mail and
   * URL lower case without scheme or "www.", code upper case without separators ("ORD48213"),
   * quantity and number their value ("4280000"), name the words as written.
   */
  value: string;
  /** Every reading of the text, `value` first: "03/04/2025" is 2025-03-04 or 2025-04-03. */
  readings: string[];
  /** Money, percent, quantity and number: the numeric value. */
  amount?: number;
  /** Quantity: the noun counted or measured ("viewers", "miles"). */
  unit?: string;
  /** "about 4,000 miles": a number hedged as approximate matches a source value rounded to its precision. */
  approximate?: boolean;
  /** The text as written, and where it stands in the text read (its NFKC form; the same for ordinary text). */
  text: string;
  start: number;
  end: number;
}

export interface Span {
  start: number;
  end: number;
}

export const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/** A fact read from a regex match: the whole match, or the part `from`..`to` of it. */
export function factAt(
  kind: FactKind,
  readings: string[],
  text: string,
  start: number,
  extra: Partial<Pick<CheckableFact, "amount" | "unit" | "approximate">> = {},
): CheckableFact {
  return { kind, value: readings[0] ?? "", readings, text, start, end: start + text.length, ...extra };
}
