import { cosine } from "../compile/similarity";
import { bm25, bm25Query, type CorpusStats } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { Passage } from "./knowledge-source";
import type { PassageTerms } from "./terms";

/**
 * The final ranking of knowledge passages, the same whoever found the candidates.
 *
 * Contract with a store (memory-index.ts here; a database later):
 * - The store supplies **candidates**: the union of its lexical top-N (full-text over the passages'
 *   searchable text, title and headings included: terms.ts `searchableText`) and its vector top-N
 *   (cosine to the query vector), N ≥ 50 each, each with its passage, its `passageTerms` (stored or
 *   recomputed from the text) and its vector from the same Embedder as the query's.
 * - It supplies **corpus statistics** (bm25.ts `CorpusStats`): passage count, mean length in terms and
 *   each query term's document frequency over the whole knowledge base searched, not over the candidates.
 * - This function recomputes BM25 over the candidates from those statistics and fuses it with the
 *   cosine, so the store's own scores (ts_rank, its distance operator) never decide the order: a
 *   database and the in-memory index rank the same candidates identically.
 *
 * Fusion: a weighted sum of BM25 divided by the best candidate's BM25 and the cosine (a passage
 * without a vector, or a query without one, scores its lexical part alone).
 */

export interface RankCandidate {
  passage: Passage;
  terms: PassageTerms;
  vector: Float32Array | null;
}

export interface RankedPassage {
  passage: Passage;
  /** The fused score the order follows, in [0, 1]. */
  score: number;
  /** BM25 of the contextual query. */
  lexical: number;
  /** Cosine of the query vector and the passage's vector (0 without either). */
  similarity: number;
}

export type Fusion = { kind: "weighted"; vectorShare: number } | { kind: "rrf"; k: number };

/** The vector's share of the fused score. */
const VECTOR_SHARE = 0.5;
const FOCUS_BONUS = 1;
const DEFAULT_FUSION: Fusion = { kind: "weighted", vectorShare: VECTOR_SHARE };

/** The best `limit` candidates for the query, best first; ties broken by passage id (deterministic). */
export function rankPassages(
  query: KnowledgeQuery,
  queryVector: Float32Array | null,
  candidates: readonly RankCandidate[],
  stats: CorpusStats,
  limit: number,
  fusion: Fusion = DEFAULT_FUSION,
): RankedPassage[] {
  const focus = new Map<string, number>();
  for (const title of query.titles) focus.set(title.text, Math.max(focus.get(title.text) ?? 0, title.weight));
  const weighted = bm25Query(query.terms, stats);
  const scored = candidates.map((candidate) => ({
    passage: candidate.passage,
    lexical: bm25(weighted, candidate.terms, stats),
    similarity: queryVector && candidate.vector ? Math.max(0, cosine(queryVector, candidate.vector)) : 0,
    focus: focus.get(candidate.passage.title) ?? 0,
    score: 0,
  }));
  if (fusion.kind === "weighted") {
    const best = scored.reduce((max, s) => Math.max(max, s.lexical), 0);
    const share = queryVector ? fusion.vectorShare : 0;
    for (const s of scored) s.score = (1 - share) * (best > 0 ? s.lexical / best : 0) + share * s.similarity;
  } else {
    const lexicalRank = ranks(scored, (s) => s.lexical);
    const vectorRank = ranks(scored, (s) => s.similarity);
    for (const [i, s] of scored.entries()) {
      s.score = 1 / (fusion.k + (lexicalRank[i] ?? 0)) + (queryVector ? 1 / (fusion.k + (vectorRank[i] ?? 0)) : 0);
    }
  }
  for (const s of scored) s.score += FOCUS_BONUS * s.focus;
  // A passage sharing nothing with the query (no term, no similarity, not a named source) is no answer.
  const kept = scored.filter((s) => s.score > 0);
  kept.sort((a, b) => b.score - a.score || (a.passage.id < b.passage.id ? -1 : a.passage.id > b.passage.id ? 1 : 0));
  return kept.slice(0, limit);
}

/** 1-based rank of each item by `key`, highest first. */
function ranks<T>(items: readonly T[], key: (item: T) => number): number[] {
  const order = items.map((item, index) => ({ index, value: key(item) })).sort((a, b) => b.value - a.value);
  const out = new Array<number>(items.length);
  for (const [rank, { index }] of order.entries()) out[index] = rank + 1;
  return out;
}
