import { NUMBER_WORDS_SOURCE, parseNumber, roundCents, wordsToNumber } from "./numbers";

// An amount is sometimes only the last part of what a reply says it is worth: "3 x $25" is $75,
// "50 + 25 dollars" and "sixty plus fifteen dollars" are $75, and "7 5 dollars" (digits spread out,
// the way a customer can ask a model to write them) is $75. Read alone, each of those amounts is
// under a $50 cap; read with what stands next to it, none is. So an amount takes in a bare number
// multiplied or added to it on either side, and single digits spread by single spaces are one number.

const R = String.raw;
const NUMBER = R`(?<n>\d{1,6}(?:[.,]\d{1,2})?|${NUMBER_WORDS_SOURCE})`;
const TIMES = R`(?:x|×|\*|times)`;
const PLUS = R`(?:\+|plus)`;
/** A bare number and an operator just before an amount: "3 x ", "3x", "50 + ", "sixty plus ". */
const BEFORE = new RegExp(R`(?<![\p{L}\p{N}$€£.,])${NUMBER}\s*(?<op>${TIMES}|${PLUS})\s*$`, "iu");
/**
 * The end BEFORE needs, tested first: most amounts follow no operator, and BEFORE tries every number
 * word at each of the 40 characters before one.
 */
const ENDS_IN_OPERATOR = new RegExp(R`(?:${TIMES}|${PLUS})\s*$`, "iu");
/** An operator and a bare number just after an amount: " x 3", "×3", " times 3". Not "plus": "$25 plus 5 days" is no sum. */
const AFTER = new RegExp(R`^\s*(?<op>${TIMES})\s*(?<n>\d{1,3})(?![\p{L}\p{N}]|[.,]\d|\s*(?:%|percent))`, "iu");
/** Single digits spread by single spaces: "7 5", "1 0 0". */
export const SPREAD_DIGITS = R`\d(?: \d){1,6}(?![\d])`;

export interface AmountSpan {
  amount: number;
  text: string;
  index: number;
}

const writtenNumber = (written: string): number | null =>
  /\d/.test(written) ? parseNumber(written) : wordsToNumber(written);

/** A number written with its digits spread ("7 5") as one number; null when it is not spread. */
export function spreadNumber(written: string): number | null {
  return /^\d(?: \d)+$/.test(written) ? Number(written.replace(/ /g, "")) : null;
}

/**
 * The amount read with a bare number multiplied or added to it just before or after ("3 x $25" → 75),
 * its text and index widened to cover the whole expression. Unchanged when there is none.
 */
export function widenToExpression(text: string, span: AmountSpan): AmountSpan {
  let { amount, index } = span;
  let end = span.index + span.text.length;
  const head = text.slice(Math.max(0, index - 40), index);
  const before = ENDS_IN_OPERATOR.test(head) ? BEFORE.exec(head) : null;
  const left = before?.groups?.n === undefined ? null : writtenNumber(before.groups.n);
  if (before && left !== null) {
    const op = (before.groups?.op ?? "").toLowerCase();
    amount = op === "+" || op === "plus" ? left + amount : left * amount;
    index -= before[0].length;
  }
  const after = AFTER.exec(text.slice(end, end + 20));
  const right = after?.groups?.n === undefined ? null : Number(after.groups.n);
  if (after && right !== null) {
    amount *= right;
    end += after[0].length;
  }
  if (index === span.index && end === span.index + span.text.length) return span;
  return { amount: roundCents(amount), text: text.slice(index, end), index };
}
