import { terms } from "@/lib/engine/knowledge/terms";
import { fold } from "@/lib/engine/text/words";

// The Gaps view's grouping (docs/knowledge.md#gaps): the questions the agent abstained on, near-identical
// ones together, most frequent first. Pure and deterministic (no model call, no vectors): the same turns
// give the same groups on every machine. Client-safe.

/** One abstained turn as the grouping reads it. */
export interface GapTurn {
  turnId: string;
  sessionId: string;
  text: string;
  createdAt: Date;
  /** The config version the turn ran at: a group is covered only by a later one. */
  configVersion: number;
}

/** Questions asked in one group. */
interface GapGroup {
  /** The group's most common phrasing (ties: the one asked last), as a customer wrote it. */
  question: string;
  count: number;
  lastSeen: Date;
  /** The newest turns, distinct phrasings first. */
  examples: GapTurn[];
  /** The latest config version any of its turns ran at. */
  lastVersion: number;
}

/** Up to this many example messages a group shows, each linked to its trace. */
const GAP_EXAMPLES = 3;

/**
 * Two questions are one gap when their content terms overlap by at least half (Jaccard ≥ 0.5, stemmed,
 * stopwords out): "Do you sell gift cards?" {sell, gift, card} meets "Can I buy a gift card?" {buy,
 * gift, card} at 2/4, while "Do you ship to Spain?" and "Do you ship to Canada?" share 1 of 3 and stay apart.
 */
const SAME_GAP = 0.5;

/** What a question is about: its distinct stemmed content terms, sorted. */
export function gapTerms(text: string): string[] {
  return [...new Set(terms(text))].sort();
}

/** The phrasing two messages share once case, spacing and end punctuation are set aside. */
function phrasingOf(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const other = new Set(b);
  const shared = a.filter((term) => other.has(term)).length;
  return shared / (a.length + b.length - shared);
}

const newestFirst = (a: GapTurn, b: GapTurn) =>
  b.createdAt.getTime() - a.createdAt.getTime() || a.turnId.localeCompare(b.turnId);

interface Bucket {
  /** The terms of the bucket's first (largest) set of identical questions: later ones are compared with it. */
  seed: string[];
  turns: GapTurn[];
}

/**
 * The abstained turns grouped, most asked first (ties: the most recent). Identical term sets group
 * first; then, largest first, each set joins the first group whose seed it overlaps by SAME_GAP, so the
 * result does not depend on the order the turns arrive in. A message with no content term ("why?")
 * groups only with the same phrasing.
 */
export function groupGaps(turns: readonly GapTurn[]): GapGroup[] {
  const exact = new Map<string, { terms: string[]; turns: GapTurn[] }>();
  for (const turn of turns) {
    const termList = gapTerms(turn.text);
    const key = termList.length > 0 ? termList.join(" ") : `=${phrasingOf(turn.text)}`;
    const set = exact.get(key) ?? { terms: termList, turns: [] };
    set.turns.push(turn);
    exact.set(key, set);
  }
  const sets = [...exact.entries()]
    .map(([key, set]) => ({ key, ...set, newest: Math.max(...set.turns.map((t) => t.createdAt.getTime())) }))
    .sort((a, b) => b.turns.length - a.turns.length || b.newest - a.newest || a.key.localeCompare(b.key));

  const buckets: Bucket[] = [];
  for (const set of sets) {
    const home = buckets.find((bucket) => jaccard(bucket.seed, set.terms) >= SAME_GAP);
    if (home) home.turns.push(...set.turns);
    else buckets.push({ seed: set.terms, turns: [...set.turns] });
  }
  return buckets
    .map((bucket) => groupOf(bucket.turns))
    .sort(
      (a, b) =>
        b.count - a.count || b.lastSeen.getTime() - a.lastSeen.getTime() || a.question.localeCompare(b.question),
    );
}

function groupOf(turns: GapTurn[]): GapGroup {
  const ordered = [...turns].sort(newestFirst);
  // The most common phrasing, shown as its newest instance was written.
  const phrasings = new Map<string, { count: number; text: string }>();
  for (const turn of ordered) {
    const key = phrasingOf(turn.text);
    const seen = phrasings.get(key);
    if (seen) seen.count++;
    else phrasings.set(key, { count: 1, text: turn.text.trim() });
  }
  let question = "";
  let best = 0;
  for (const { count, text } of phrasings.values()) {
    if (count > best) {
      best = count;
      question = text;
    }
  }
  return {
    question,
    count: ordered.length,
    lastSeen: ordered[0]?.createdAt ?? new Date(0),
    examples: examplesOf(ordered),
    lastVersion: Math.max(...ordered.map((t) => t.configVersion)),
  };
}

/** The newest turn of each phrasing first, then the newest of the rest, GAP_EXAMPLES in all. */
function examplesOf(ordered: GapTurn[]): GapTurn[] {
  const seen = new Set<string>();
  const distinct: GapTurn[] = [];
  for (const turn of ordered) {
    const key = phrasingOf(turn.text);
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(turn);
  }
  const rest = ordered.filter((turn) => !distinct.includes(turn));
  return [...distinct, ...rest].slice(0, GAP_EXAMPLES);
}
