import { wordSet } from "../../text/words";
import type { MoneyToken } from "./money-tokens";

// Two amounts read as one promise. A range ("$40–$75", "$55-$65", "between $60 and $80", "anywhere
// from $50 to $75") offers up to its upper end, so the upper end is what counts; a correction ("~~$40~~
// $75", written as two amounts side by side once the strikethrough is gone) and a change ("from $75 to
// $40") count their later amount. The other amount binds nothing and adds nothing to the total: a
// range is not two payments.

/** Verbs before "from $75 to $40" that make it a change to the later amount, not a range. */
const CHANGE = wordSet(
  "changed change increased increase raised raise reduced reduce lowered lower adjusted adjust bumped moved updated corrected",
);

const wordAt = (tokens: readonly MoneyToken[], i: number) => {
  const t = tokens[i];
  return t?.kind === "word" ? t.text : null;
};

function amountOf(tokens: readonly MoneyToken[], i: number): { amount: number; code: string } | null {
  const t = tokens[i];
  return t?.kind === "amount" ? { amount: t.claim.amount, code: t.claim.code } : null;
}

/** The larger of two amounts in one currency; the later one otherwise. */
function upper(tokens: readonly MoneyToken[], a: number, b: number): number {
  const x = amountOf(tokens, a);
  const y = amountOf(tokens, b);
  return x && y && x.code === y.code && x.amount > y.amount ? a : b;
}

/**
 * Every amount that is the other end of a range or a corrected amount, mapped to the amount that
 * counts (the token index of each). Side by side three times ("$30 $40 $50"), each maps to the next:
 * follow the map to the one that counts (`countingAmount`).
 */
export function countedAmounts(tokens: readonly MoneyToken[]): Map<number, number> {
  const counted = new Map<number, number>();
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i]?.kind !== "amount") continue;
    const next = tokens[i + 1];
    if (next?.kind === "amount") {
      // Side by side: a correction or a range written "$55-$65"; the later one counts.
      counted.set(i, i + 1);
      continue;
    }
    if (tokens[i + 2]?.kind !== "amount") continue;
    const between = wordAt(tokens, i + 1);
    if (next?.kind === "mark" && next.dash) {
      const keep = upper(tokens, i, i + 2);
      counted.set(keep === i ? i + 2 : i, keep);
    } else if (between === "to") {
      const changed =
        wordAt(tokens, i - 1) === "from" && [2, 3, 4].some((n) => CHANGE.has(wordAt(tokens, i - n) ?? ""));
      const keep = changed ? i + 2 : upper(tokens, i, i + 2);
      counted.set(keep === i ? i + 2 : i, keep);
    } else if (between === "and" && wordAt(tokens, i - 1) === "between") {
      const keep = upper(tokens, i, i + 2);
      counted.set(keep === i ? i + 2 : i, keep);
    }
  }
  return counted;
}

/** The amount that counts for the one at `at`: itself, or the end of its chain of ranges and corrections. */
export function countingAmount(counted: ReadonlyMap<number, number>, at: number): number {
  let k = at;
  // A few steps at most: each step is a pair of amounts next to each other, and a loop cannot be longer.
  for (let step = 0, next = counted.get(k); next !== undefined && step < 8; step += 1, next = counted.get(k)) k = next;
  return k;
}
