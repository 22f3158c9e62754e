import type { ModelTokenPair, TokenMapping, TokenMappingVia } from "../../contracts/goal-state";
import { type EquivalentPair, equivalentPairs, type StemPhrase, stemsOf } from "./equivalences";
import { contentTokens, type Token } from "./text-tokens";

export type { ModelTokenPair } from "../../contracts/goal-state";

export interface IntentMapping {
  /** One row per content token of the original, in order. */
  mapping: TokenMapping[];
  /** Share of the original's content tokens that map into the candidate (0 when it has none). */
  preservation: number;
  mapped: number;
  total: number;
  /** Positions (in the candidate's tokens) that an original token mapped onto. */
  usedCandidatePositions: Set<number>;
  /** Original content tokens that map to nothing. */
  unmapped: Token[];
}

interface Assignment {
  candidateToken: string;
  via: TokenMappingVia;
}

/** Start index of `phrase` (stems) in `tokens` where `accept` allows every token, or -1. */
function findPhrase(tokens: Token[], phrase: StemPhrase, accept: (index: number) => boolean): number {
  for (let start = 0; start + phrase.length <= tokens.length; start++) {
    let ok = true;
    for (let k = 0; k < phrase.length && ok; k++) ok = tokens[start + k]?.stem === phrase[k] && accept(start + k);
    if (ok) return start;
  }
  return -1;
}

/**
 * Intent preservation ≥ 0.95, measured as a mapping: the candidate must map to
 * the original goal's tokens. Passes, each only over tokens still unmapped: exact form, Porter stem,
 * the equivalence table (phrases first), then model-judged pairs.
 */
export function mapIntentTokens(
  original: Token[],
  candidate: Token[],
  modelPairs: ModelTokenPair[] = [],
): IntentMapping {
  const from = contentTokens(original);
  const into = contentTokens(candidate);
  const assigned: (Assignment | null)[] = from.map(() => null);
  // Candidate index → the original index that claimed it.
  const claimedBy = new Map<number, number>();

  for (const via of ["exact", "stem"] as const) {
    from.forEach((token, i) => {
      if (assigned[i]) return;
      const j = into.findIndex(
        (c, index) => !claimedBy.has(index) && (via === "exact" ? c.norm === token.norm : c.stem === token.stem),
      );
      const target = into[j];
      if (!target) return;
      assigned[i] = { candidateToken: target.norm, via };
      claimedBy.set(j, i);
    });
  }

  const mapPhrases = (pairs: EquivalentPair[], via: TokenMappingVia) => {
    for (const pair of pairs) {
      for (let start = 0; start + pair.from.length <= from.length; start++) {
        const span = Array.from({ length: pair.from.length }, (_, k) => start + k);
        if (!span.every((i, k) => from[i]?.stem === pair.from[k])) continue;
        if (span.every((i) => assigned[i])) continue;
        // The candidate phrase may reuse tokens already claimed by this same original phrase
        // ("earnings report" → "earnings": "earnings" mapped exactly, "report" joins it).
        const at = findPhrase(into, pair.to, (j) => {
          const owner = claimedBy.get(j);
          return owner === undefined || span.includes(owner);
        });
        if (at < 0) continue;
        const target = into.slice(at, at + pair.to.length);
        const text = target.map((t) => t.norm).join(" ");
        for (const i of span) if (!assigned[i]) assigned[i] = { candidateToken: text, via };
        target.forEach((_, k) => {
          if (!claimedBy.has(at + k)) claimedBy.set(at + k, start);
        });
      }
    }
  };
  mapPhrases(equivalentPairs(), "equivalence");
  mapPhrases(
    modelPairs
      .map((p) => ({ from: stemsOf(p.original_token), to: stemsOf(p.candidate_token) }))
      .filter((p) => p.from.length > 0 && p.to.length > 0),
    "model",
  );

  const mapping: TokenMapping[] = from.map((token, i) => {
    const a = assigned[i];
    return a
      ? { original_token: token.norm, candidate_token: a.candidateToken, via: a.via }
      : { original_token: token.norm, candidate_token: null, via: "none" };
  });
  const mapped = assigned.filter(Boolean).length;
  const usedCandidatePositions = new Set<number>();
  for (const j of claimedBy.keys()) {
    const token = into[j];
    if (token) usedCandidatePositions.add(token.position);
  }
  return {
    mapping,
    preservation: from.length === 0 ? 0 : mapped / from.length,
    mapped,
    total: from.length,
    usedCandidatePositions,
    unmapped: from.filter((_, i) => !assigned[i]),
  };
}
