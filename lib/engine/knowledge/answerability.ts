import { type CorpusStats, idf } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { RankedPassage } from "./rank-passages";
import { passageTerms, terms } from "./terms";

// Does the best passage answer the customer's last message, or should the agent abstain? Two pieces of
// evidence about the message's own terms (not the context's: the context found the topic, the message
// says what is asked about it), combined by a logistic model fitted on MTRAG dev
// (bench/knowledge/calibrate.ts):
//
//   coverage   the idf-weighted share of the message's terms the best passage contains
//   missing    the idf (nats) of the rarest message term the best passage lacks: one specific word
//              nowhere in the answer ("do you ship live animals?") weighs more than several common ones
//
// On MTRAG dev these two separate answerable from unanswerable questions with an AUROC of 0.76; the
// passages' vector similarity added nothing (0.757 with it), the coverage of the top 3 or top 5 less
// than the top 1, and `missing` as a share of the knowledge base's largest idf (so that a 10-entry
// FAQ and a 600-passage collection read alike) less than in nats: 0.742, and with three collections
// fitted and the fourth scored, 14 % of the answerable questions abstained instead of 9 %. idf is
// small in a knowledge base of a few passages (at most ln 5 ≈ 1.6 with 7), so there `missing` says
// little and coverage decides. Figures and the threshold's trade-off: bench/knowledge/README.md.

/** Fitted by bench/knowledge/calibrate.ts on MTRAG dev: 189 answerable or partial tasks, 50 unanswerable. */
const ANSWERABILITY_MODEL = { coverage: 1.364, missing: -0.39, bias: 1.968, threshold: 0.463 };

export interface Answerability {
  answerable: boolean;
  /** Probability-like score in [0, 1]; answerable at ANSWERABILITY_MODEL.threshold. */
  score: number;
  coverage: number;
  missing: number;
}

export function answerability(
  query: KnowledgeQuery,
  ranked: readonly RankedPassage[],
  stats: CorpusStats,
  model = ANSWERABILITY_MODEL,
): Answerability {
  const best = ranked[0];
  const present = best ? passageTerms(best.passage).counts : new Map<string, number>();
  let total = 0;
  let found = 0;
  let missing = 0;
  for (const term of new Set(terms(query.message))) {
    const weight = idf(stats, term);
    total += weight;
    if (present.has(term)) found += weight;
    else missing = Math.max(missing, weight);
  }
  const coverage = total > 0 ? found / total : 0;
  const score = 1 / (1 + Math.exp(-(model.coverage * coverage + model.missing * missing + model.bias)));
  // A best passage sharing no term with the conversation's query answers nothing, whatever the vectors
  // found: on a base of a few passages every idf is small, so the fitted score alone stays above its
  // threshold (0.78 for "What is the capital of France?" against a returns policy). The contextual
  // terms, not the message's alone: "and for Spain?" shares its words with the question before it.
  const shares = [...query.terms.keys()].some((term) => present.has(term));
  return { answerable: best !== undefined && shares && score >= model.threshold, score, coverage, missing };
}
