import { isNumberToken, type Token } from "./text-tokens";

// Time ranges and numeric limits of a goal, so a candidate that widens them ("today" → "this week",
// "top 5" → "top 10") is caught as scope expansion ("Cannot expand original scope").

const HOURS_PER_UNIT: Record<string, number> = {
  hour: 1,
  dai: 24, // Porter stem of "day(s)"
  week: 24 * 7,
  month: 24 * 30,
  quarter: 24 * 91,
  year: 24 * 365,
  decad: 24 * 3650,
};
const NAMED_DAYS: Record<string, number> = { today: 24, tonight: 12, yesterday: 24, tomorrow: 24 };
const RANGE_WORDS = new Set(["past", "last", "next", "coming", "previous", "current", "this"]);

/** "today", "past", "weeks"…: part of a time range. */
export function isTimeWord(token: Token): boolean {
  return token.norm in NAMED_DAYS || RANGE_WORDS.has(token.norm) || token.stem in HOURS_PER_UNIT;
}

/** The widest time range the tokens name, in hours; Infinity for "all time"/"ever"; null for none. */
export function timeSpanHours(tokens: Token[]): number | null {
  let widest: number | null = null;
  const widen = (hours: number) => {
    widest = widest === null ? hours : Math.max(widest, hours);
  };
  tokens.forEach((token, i) => {
    const named = NAMED_DAYS[token.norm];
    if (named !== undefined) widen(named);
    if (token.norm === "ever" || (token.norm === "time" && tokens[i - 1]?.norm === "all"))
      widen(Number.POSITIVE_INFINITY);
    const unit = HOURS_PER_UNIT[token.stem];
    if (unit === undefined) return;
    const before = tokens[i - 1];
    if (before && isNumberToken(before.norm)) widen(Number(before.norm) * unit);
    else if (before && RANGE_WORDS.has(before.norm)) widen(unit);
  });
  return widest;
}

export type LimitKind = "rank" | "upper" | "lower";
export interface Limit {
  kind: LimitKind;
  value: number;
  /** e.g. "top 5", "under 50". */
  text: string;
}

// Word before a number → what kind of bound it is. "at most", "up to", "no more than" end in
// upper words; "at least", "more than" in lower ones.
const LIMIT_WORD_KIND: Record<string, LimitKind> = {
  top: "rank",
  first: "rank",
  best: "rank",
  largest: "rank",
  biggest: "rank",
  leading: "rank",
  under: "upper",
  below: "upper",
  within: "upper",
  max: "upper",
  maximum: "upper",
  less: "upper",
  fewer: "upper",
  most: "upper",
  to: "upper",
  over: "lower",
  above: "lower",
  exceeding: "lower",
  least: "lower",
  more: "lower",
  min: "lower",
  minimum: "lower",
};
/** Limit words that are content (not stopwords); a dropped one is a removed constraint. */
export const LIMIT_WORDS = new Set(Object.keys(LIMIT_WORD_KIND).filter((w) => !["most", "to", "more"].includes(w)));

/** Bounds stated as "<limit word> [than] N" or "N largest". */
export function limitsIn(tokens: Token[]): Limit[] {
  const limits: Limit[] = [];
  tokens.forEach((token, i) => {
    if (!isNumberToken(token.norm)) return;
    const value = Number(token.norm);
    const before = tokens[i - 1]?.norm === "than" ? tokens[i - 2] : tokens[i - 1];
    let kind = before ? LIMIT_WORD_KIND[before.norm] : undefined;
    // "to" is a bound only in "up to"; "most" only in "at most".
    if (before?.norm === "to" && tokens[i - 2]?.norm !== "up") kind = undefined;
    if (before?.norm === "most" && tokens[i - 2]?.norm !== "at") kind = undefined;
    if (kind && before) {
      limits.push({ kind, value, text: `${before.norm} ${token.norm}` });
      return;
    }
    const after = tokens[i + 1];
    if (after && LIMIT_WORD_KIND[after.norm] === "rank")
      limits.push({ kind: "rank", value, text: `${value} ${after.norm}` });
  });
  return limits;
}

/** A candidate bound looser than every original bound of its kind ("top 5" → "top 10"). */
export function widerLimits(original: Limit[], candidate: Limit[]): Limit[] {
  return candidate.filter((c) => {
    const same = original.filter((o) => o.kind === c.kind);
    if (same.length === 0) return false;
    return same.every((o) => (c.kind === "lower" ? c.value < o.value : c.value > o.value));
  });
}
