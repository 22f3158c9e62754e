import { cosine } from "../compile/similarity";
import { bm25, bm25Query, type CorpusStats } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { Passage } from "./knowledge-source";
import type { PassageTerms } from "./terms";

/**
 * The final ranking of knowledge passages, the same whoever found the candidates.
 *
 * Contract with a store (memory-index.ts here; PostgreSQL later):
 * - The caller builds the query (contextual-query.ts, then the store's `expand` when it keeps word
 *   vectors: query-expansion.ts) and, with an Embedder, the query vector from `query.texts`.
 * - The store supplies **candidates**: the union of
 *   (a) its lexical top-N: passages sharing a term of `query.terms`, best first by its full-text rank
 *       over the passage's searchable text (terms.ts `searchableText`: title, headings, text);
 *   (b) its vector top-N: cosine of the query vector to the passage vectors (terms.ts `vectorText`,
 *       embedded with the same Embedder);
 *   (c) the top-N passages of each source named in `query.titles`, whatever their words;
 *   N ≥ 50 each (the in-memory index takes 100). Each candidate comes with its passage, its
 *   `passageTerms` (stored with it or recomputed from the text) and its vector (or null).
 * - It supplies **corpus statistics** (bm25.ts `CorpusStats`): passage count, mean length in terms and
 *   each query term's document frequency over the whole knowledge base searched (one config version's
 *   passages in scope), not over the candidates.
 * - This function recomputes BM25 over the candidates from those statistics, fuses it with the
 *   cosine and adds the named-source bonus, so the store's own scores (ts_rank, a distance operator)
 *   never decide the order: a database and the in-memory index rank the same candidates identically,
 *   in any order they arrive. Ties go to the smaller passage id.
 *
 * Fusion, measured on MTRAG dev and DSTC11 val-dev (bench/knowledge/README.md): a weighted sum,
 *   score = (1 − VECTOR_SHARE) · BM25 / best candidate's BM25 + VECTOR_SHARE · cosine
 *           + FOCUS_BONUS · weight of the passage's source among the named ones,
 * scored higher than reciprocal-rank fusion (k = 60): the cosines of the offline word vectors are
 * close together, and RRF turns a small cosine lead into a full rank step. A query without a vector
 * scores its lexical part alone. FOCUS_BONUS = 1 puts a named source's passages above every other
 * source's unless they match the question much better. A candidate that scores 0 (no shared term, no
 * similarity, no named source) is dropped.
 */

export interface RankCandidate {
  passage: Passage;
  terms: PassageTerms;
  vector: Float32Array | null;
}

export interface RankedPassage {
  passage: Passage;
  /** The fused score the order follows: in [0, 1], plus FOCUS_BONUS for a named source's passage. */
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
