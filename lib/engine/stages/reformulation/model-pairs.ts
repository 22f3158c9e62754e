import type { ModelTokenPair } from "../../contracts/goal-state";
import { QUALIFIERS } from "./breadth-findings";
import { placesIn } from "./geography";
import { isTimeWord, LIMIT_WORDS } from "./scope-ranges";
import { contentTokens, isNumberToken, type Token, tokenize } from "./text-tokens";

// Intent preservation ("must map to original goal tokens"), with the mapping judged by a model
// ("exact, stem, equivalence, or model-judged"). The model that proposes a candidate
// also judges these pairs, so it would grade its own criterion 2 — and a mapped candidate word is no
// longer "added content", so it would also escape the evidence check (criterion 3) and the
// conjunction and constraint-removal findings (criterion 4). Pairs are therefore screened: they may
// only restate plain words ("crypto" → "digital asset"). Names, numbers, limits, qualifiers, times and
// places must map literally (exact, stem or the equivalence table) or be grounded in evidence, where
// the other criteria can see them: "Apple" → "Google" or "today" → "this year" is dropped.

/** More pairs than a goal has content words is noise; the original is at most 1000 characters. */
const MODEL_PAIRS_MAX = 20;
/** A synonym is a word or a short phrase ("digital asset", "past 24 hours" are the table's). */
const PAIR_SIDE_MAX_WORDS = 3;

export interface ScreenedPairs {
  accepted: ModelTokenPair[];
  dropped: { pair: ModelTokenPair; reason: string }[];
}

function constraintWord(tokens: Token[]): string | null {
  for (const t of tokens) {
    if (isNumberToken(t.norm)) return `the number "${t.norm}"`;
    if (LIMIT_WORDS.has(t.norm) || QUALIFIERS.has(t.norm)) return `the limit "${t.norm}"`;
    if (isTimeWord(t)) return `the time word "${t.norm}"`;
  }
  const place = placesIn(tokens)[0];
  return place ? `the place "${place}"` : null;
}

/** A proper name as the candidate writes it: capitalised inside a sentence, or all capitals ("NYC"). */
function nameInCandidate(candidate: Token[], side: Token[]): string | null {
  const stems = new Set(side.map((t) => t.stem));
  const named = candidate.find(
    (t) =>
      stems.has(t.stem) && ((t.capitalized && !t.sentenceStart) || (t.raw.length >= 2 && /^\p{Lu}+$/u.test(t.raw))),
  );
  return named ? named.raw : null;
}

function rejection(pair: ModelTokenPair, candidate: Token[]): string | null {
  const from = contentTokens(tokenize(pair.original_token));
  const into = contentTokens(tokenize(pair.candidate_token));
  if (from.length === 0 || into.length === 0) return "each side needs a content word";
  if (from.length > PAIR_SIDE_MAX_WORDS || into.length > PAIR_SIDE_MAX_WORDS)
    return `each side is at most ${PAIR_SIDE_MAX_WORDS} words`;
  const kept = constraintWord(from);
  if (kept) return `${kept} of the original must map literally`;
  const added = constraintWord(into);
  if (added) return `${added} in the candidate must map literally or be grounded in evidence`;
  const name = nameInCandidate(candidate, into);
  if (name) return `the name "${name}" must map literally or be grounded in evidence`;
  return null;
}

/** The model's pairs that may extend the mapping, and the others with why they were dropped. */
export function screenModelPairs(reformulated: string, pairs: ModelTokenPair[]): ScreenedPairs {
  const candidate = tokenize(reformulated);
  const result: ScreenedPairs = { accepted: [], dropped: [] };
  pairs.forEach((pair, index) => {
    const reason = index >= MODEL_PAIRS_MAX ? `more than ${MODEL_PAIRS_MAX} pairs` : rejection(pair, candidate);
    if (reason) result.dropped.push({ pair, reason });
    else result.accepted.push(pair);
  });
  return result;
}
