import { contentTokens, tokenize } from "./text-tokens";

// Phrases that name the same intent. Each group is symmetric: any member of a group in the
// original maps to any other member in the candidate. Members are compared stem by stem on
// content tokens, so "cryptocurrencies" matches "cryptocurrency" and "in the past 24 hours"
// matches "past 24 hours". A model provider can add pairs beyond this table (via "model").
const EQUIVALENCE_GROUPS: readonly (readonly string[])[] = [
  // The mappings the valid-reformulation vector of docs/goals.md#reference-vectors relies on:
  // "crypto" → "cryptocurrency", "today" → "past 24 hours", "latest" → "past 24 hours".
  ["crypto", "cryptocurrency", "cryptocurrencies", "crypto currency"],
  ["today", "past 24 hours", "last 24 hours", "past day", "last day", "24 hours"],
  ["latest", "past 24 hours", "last 24 hours", "recent", "newest"],
  // A forecast is about a coming period; naming the period clarifies it (the weather example
  // then fails on evidence, as intended, not on preservation).
  ["forecast", "next week", "tomorrow", "next 7 days", "coming days", "coming week", "upcoming", "next few days"],
  // "earnings" → "Q4 2024 earnings": the report is the earnings (the constraint addition example).
  ["earnings report", "earnings", "earnings results", "financial results", "quarterly results"],
  ["summarize", "summary", "summarise", "overview", "recap"],
  ["news", "headlines", "updates"],
  ["stocks", "equities", "shares"],
  ["price", "cost"],
  ["cheap", "inexpensive", "low cost", "budget"],
  ["buy", "purchase"],
  ["refund", "money back", "reimbursement"],
  ["phone", "smartphone", "mobile phone", "cell phone"],
  ["usa", "united states", "america"],
  ["uk", "united kingdom", "britain"],
  ["nyc", "new york city", "new york"],
];

/** A group member as the stems of its content tokens. */
export type StemPhrase = readonly string[];

export function stemsOf(phrase: string): StemPhrase {
  return contentTokens(tokenize(phrase)).map((t) => t.stem);
}

// Stemmed once at module load: the table is constant.
const STEMMED_GROUPS: readonly (readonly StemPhrase[])[] = EQUIVALENCE_GROUPS.map((group) =>
  group.map(stemsOf).filter((p) => p.length > 0),
);

export interface EquivalentPair {
  /** The group member found in the original. */
  from: StemPhrase;
  /** Another member of the same group, to look for in the candidate (longest first). */
  to: StemPhrase;
}

/** Every (member, other member) pair of every group, longer `from` first so phrases win over words. */
export function equivalentPairs(): EquivalentPair[] {
  const pairs: EquivalentPair[] = [];
  for (const group of STEMMED_GROUPS) {
    for (const from of group) {
      for (const to of group) if (to !== from && to.join(" ") !== from.join(" ")) pairs.push({ from, to });
    }
  }
  return pairs.sort((a, b) => b.from.length - a.from.length || b.to.length - a.to.length);
}
