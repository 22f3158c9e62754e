import type { ReformulationFinding } from "../../contracts/goal-state";
import { placeContains, placesIn } from "./geography";
import type { IntentMapping } from "./map-intent-tokens";
import type { NewPhrase } from "./new-content";
import { isTimeWord, LIMIT_WORDS, limitsIn, timeSpanHours, widerLimits } from "./scope-ranges";
import { adjacent, isNumberToken, phrasesOf, phraseText, type Token } from "./text-tokens";

// The forbidden kinds "Scope expansion — Breadth increase" and "Constraint removal — Operator constraint
// missing": findings that make the scope criterion (DTL-STRAT-010) fail.

/** "Apple and Google", "Apple as well as Google", "Apple plus Google", "Apple, including Google". */
const CONJUNCTIONS = new Set([
  "and",
  "or",
  "plus",
  "versus",
  "vs",
  "along",
  "together",
  "well",
  "including",
  "besides",
]);
// How far a conjunct may sit from its conjunction ("and the Google", "along with Google").
const CONJUNCT_REACH = 3;
export const QUALIFIERS = new Set(["only", "not", "no", "never", "without", "except", "excluding", "exclude"]);

function nearestContent(tokens: Token[], from: number, step: 1 | -1): Token | undefined {
  for (let k = 1; k <= CONJUNCT_REACH; k++) {
    const token = tokens[from + step * k];
    if (!token) return undefined;
    if (!token.stop) return token;
  }
  return undefined;
}

function conjunctionFindings(candidate: Token[], intent: IntentMapping, added: NewPhrase[]): ReformulationFinding[] {
  const phraseAt = new Map<number, NewPhrase>();
  for (const phrase of added) for (const t of phrase.tokens) phraseAt.set(t.position, phrase);
  const findings = new Map<string, ReformulationFinding>();
  for (const token of candidate) {
    if (!CONJUNCTIONS.has(token.norm)) continue;
    const left = nearestContent(candidate, token.position, -1);
    const right = nearestContent(candidate, token.position, 1);
    if (!left || !right) continue;
    for (const [kept, other] of [
      [left, right],
      [right, left],
    ] as const) {
      const phrase = phraseAt.get(other.position);
      if (!intent.usedCandidatePositions.has(kept.position) || !phrase || phrase.format || phrase.limit) continue;
      findings.set(phrase.text, {
        kind: "conjunction_adds",
        tokens: [phrase.text],
        detail: `"${token.raw}" adds "${phrase.text}" beside "${kept.norm}", which the original names alone`,
      });
    }
  }
  return [...findings.values()];
}

function rangeFindings(original: Token[], candidate: Token[]): ReformulationFinding[] {
  const findings: ReformulationFinding[] = [];
  const before = timeSpanHours(original);
  const after = timeSpanHours(candidate);
  if (before !== null && after !== null && after > before) {
    findings.push({
      kind: "wider_time",
      tokens: [],
      detail: `time range grows from ${before} h to ${after === Number.POSITIVE_INFINITY ? "all time" : `${after} h`}`,
    });
  }
  const originalPlaces = placesIn(original);
  for (const place of placesIn(candidate)) {
    const widened = originalPlaces.filter((o) => o !== place && placeContains(place, o));
    if (widened.length > 0) {
      findings.push({ kind: "wider_place", tokens: [place], detail: `"${place}" contains "${widened.join('", "')}"` });
    }
  }
  for (const limit of widerLimits(limitsIn(original), limitsIn(candidate))) {
    findings.push({ kind: "wider_limit", tokens: [limit.text], detail: `"${limit.text}" loosens the original bound` });
  }
  return findings;
}

/** Is this unmapped original token a constraint: a number, a limit, a qualifier, a time or a place, or a modifier of a kept word? */
function isConstraint(original: Token[], token: Token, mappedPositions: Set<number>): boolean {
  if (isNumberToken(token.norm) || LIMIT_WORDS.has(token.norm) || QUALIFIERS.has(token.norm)) return true;
  if (isTimeWord(token) || placesIn([token]).length > 0) return true;
  const next = original[token.position + 1];
  // "vegan restaurants" → "restaurants": the dropped word qualified a word the candidate kept.
  return Boolean(next && !next.stop && mappedPositions.has(next.position) && adjacent(original, token, next));
}

function removalFindings(original: Token[], intent: IntentMapping): ReformulationFinding[] {
  const unmapped = new Set(intent.unmapped.map((t) => t.position));
  const mapped = new Set(original.filter((t) => !t.stop && !unmapped.has(t.position)).map((t) => t.position));
  const removed = intent.unmapped.filter((t) => isConstraint(original, t, mapped));
  return phrasesOf(original, removed).map((phrase) => ({
    kind: "constraint_removed" as const,
    tokens: [phraseText(phrase)],
    detail: `the original's "${phraseText(phrase)}" is missing from the candidate`,
  }));
}

export function breadthFindings(
  original: Token[],
  candidate: Token[],
  intent: IntentMapping,
  added: NewPhrase[],
): ReformulationFinding[] {
  return [
    ...conjunctionFindings(candidate, intent, added),
    ...rangeFindings(original, candidate),
    ...removalFindings(original, intent),
  ];
}

/** Does the candidate add a bound, or name a smaller time range or a place inside the original's? */
export function narrowsScope(original: Token[], candidate: Token[], added: NewPhrase[]): boolean {
  if (added.some((p) => p.limit || p.tokens.some((t) => t.norm === "only"))) return true;
  const before = timeSpanHours(original);
  const after = timeSpanHours(candidate);
  if (before !== null && after !== null && after < before) return true;
  const originalPlaces = placesIn(original);
  return placesIn(candidate).some((c) => originalPlaces.some((o) => placeContains(o, c)));
}
