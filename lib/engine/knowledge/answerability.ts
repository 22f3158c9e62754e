import { type CorpusStats, idf } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { RankedPassage } from "./rank-passages";
import { passageTerms, terms } from "./terms";

// Do the best passages answer the customer's last message, or should the agent abstain? Two pieces of
// evidence, combined by a logistic model fitted on MTRAG dev (bench/knowledge/calibrate.ts):
//
//   coverage     the idf-weighted share of the last message's own terms found in the top passages
//                (a question whose rare words no passage contains asks about something the knowledge
//                base does not hold)
//   similarity   the cosine of the message's vector and the best passage's (0 without vectors)
//
// answerable when the model's probability reaches THRESHOLD. The weights, the threshold and the
// figures they give are in bench/knowledge/README.md.

/** Passages read for coverage: the reply is grounded on the top few, not on the first alone. */
const COVERAGE_PASSAGES = 3;

/** Fitted by bench/knowledge/calibrate.ts on MTRAG dev: 189 answerable or partial tasks, 50 unanswerable. */
export const ANSWERABILITY_MODEL = { coverage: 2.322, similarity: 0.642, bias: -0.524, threshold: 0.653 };

export interface Answerability {
  answerable: boolean;
  /** Probability-like score in [0, 1]; answerable at ANSWERABILITY_MODEL.threshold. */
  score: number;
  coverage: number;
  similarity: number;
}

export function answerability(
  query: KnowledgeQuery,
  ranked: readonly RankedPassage[],
  stats: CorpusStats,
  model = ANSWERABILITY_MODEL,
): Answerability {
  const top = ranked.slice(0, COVERAGE_PASSAGES);
  const present = new Set(top.flatMap((r) => [...passageTerms(r.passage).counts.keys()]));
  let total = 0;
  let found = 0;
  for (const term of new Set(terms(query.message))) {
    const weight = idf(stats, term);
    total += weight;
    if (present.has(term)) found += weight;
  }
  const coverage = total > 0 ? found / total : 0;
  const similarity = ranked[0]?.similarity ?? 0;
  const score = 1 / (1 + Math.exp(-(model.coverage * coverage + model.similarity * similarity + model.bias)));
  return { answerable: ranked.length > 0 && score >= model.threshold, score, coverage, similarity };
}
