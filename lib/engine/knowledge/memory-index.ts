import { cosine } from "../compile/similarity";
import type { Embedder } from "../ports";
import { bm25Query, type CorpusStats, lengthNorm, termScore } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { Passage } from "./knowledge-source";
import { contentWordsOf, expandQuery, type Neighbour, nearestTerms, type Vocabulary } from "./query-expansion";
import { type Fusion, type RankCandidate, type RankedPassage, rankPassages } from "./rank-passages";
import { topByScore } from "./set-postings";
import { associateQuery, termAssociations } from "./term-associations";
import { type PassageTerms, passageTerms, searchableText, termOf, vectorText } from "./terms";
import { type TitleLexicon, titleLexicon } from "./title-mentions";

// The knowledge base in memory: postings for the lexical top-N, every vector for the vector top-N,
// then rank-passages.ts as a database would call it. For tests, the bench and small knowledge bases.

/** Candidates per half; rank-passages.ts asks a store for at least 50. */
const CANDIDATES = 100;
const EMBED_BATCH = 256;
/** Message words whose nearest terms are kept (a customer's vocabulary repeats); cleared when full. */
const MAX_CACHED_WORDS = 10_000;

export interface MemoryIndex {
  readonly passages: readonly Passage[];
  readonly stats: CorpusStats;
  /** The sources' titles, for contextualQuery's carried entities. */
  readonly lexicon: TitleLexicon;
  /**
   * The query with the knowledge base's words nearest to its message's (query-expansion.ts, with a word
   * embedder) and the words the base says those with (term-associations.ts).
   */
  expand(query: KnowledgeQuery): Promise<KnowledgeQuery>;
  /** The query's vector from the index's Embedder (null without one). */
  embedQuery(query: KnowledgeQuery): Promise<Float32Array | null>;
  search(query: KnowledgeQuery, queryVector: Float32Array | null, limit: number, fusion?: Fusion): RankedPassage[];
}

interface Entry extends RankCandidate {
  terms: PassageTerms;
}

/** An index of `passages`; with an Embedder every passage is embedded once, here (terms.ts `vectorText`). */
export async function buildMemoryIndex(
  passages: readonly Passage[],
  embedder?: Embedder,
  wordEmbedder?: Embedder,
): Promise<MemoryIndex> {
  const vectors: (Float32Array | null)[] = [];
  if (embedder) {
    for (let i = 0; i < passages.length; i += EMBED_BATCH) {
      vectors.push(...(await embedder.embed(passages.slice(i, i + EMBED_BATCH).map(vectorText))));
    }
  }
  const entries: Entry[] = passages.map((passage, i) => ({
    passage,
    terms: passageTerms(passage),
    vector: vectors[i] ?? null,
  }));
  // Term → the passages holding it and how often: BM25 is summed term by term over these alone.
  const postings = new Map<string, { index: number; tf: number }[]>();
  const bySource = new Map<string, number[]>();
  let totalLength = 0;
  for (const [index, entry] of entries.entries()) {
    totalLength += entry.terms.length;
    for (const [term, tf] of entry.terms.counts) {
      const list = postings.get(term);
      if (list) list.push({ index, tf });
      else postings.set(term, [{ index, tf }]);
    }
    const mine = bySource.get(entry.passage.title);
    if (mine) mine.push(index);
    else bySource.set(entry.passage.title, [index]);
  }
  const stats: CorpusStats = {
    passages: entries.length,
    averageLength: entries.length > 0 ? totalLength / entries.length : 0,
    documentFrequency: (term) => postings.get(term)?.length ?? 0,
  };
  const norms = entries.map((entry) => lengthNorm(entry.terms.length, stats));
  const lexicon = titleLexicon(passages.map((passage) => passage.title));
  const expand = wordEmbedder ? await queryExpander(wordsOf(passages), wordEmbedder) : null;
  const associations = termAssociations(passages);

  return {
    passages,
    stats,
    lexicon,
    expand: async (query) => associateQuery(query, expand ? await expand(query) : query, associations),
    embedQuery: async (query) => (embedder ? embedKnowledgeQuery(embedder, query) : null),
    search(query, queryVector, limit, fusion) {
      const lexical = new Map<number, number>();
      for (const [term, weight] of bm25Query(query.terms, stats)) {
        for (const { index, tf } of postings.get(term) ?? []) {
          lexical.set(index, (lexical.get(index) ?? 0) + termScore(weight, tf, norms[index] as number));
        }
      }
      const pool = new Set(topByScore([...lexical.keys()], (i) => lexical.get(i) ?? 0, CANDIDATES));
      for (const title of query.titles) {
        for (const i of topByScore(bySource.get(title.text) ?? [], (i) => lexical.get(i) ?? 0, CANDIDATES)) pool.add(i);
      }
      if (queryVector) {
        const withVector = entries.flatMap((entry, i) => (entry.vector ? [i] : []));
        const similarity = (i: number) => cosine(queryVector, (entries[i] as Entry).vector as Float32Array);
        for (const i of topByScore(withVector, similarity, CANDIDATES)) pool.add(i);
      }
      const candidates = [...pool].map((i) => entries[i] as Entry);
      return rankPassages(query, queryVector, candidates, stats, limit, fusion);
    },
  };
}

/** The distinct content words of the passages, sorted: what query expansion may bring in. */
export function wordsOf(passages: readonly Passage[]): string[] {
  return [...new Set(passages.flatMap((passage) => contentWordsOf(searchableText(passage))))].sort();
}

/**
 * Query expansion over a knowledge base's `words` (query-expansion.ts): each message word's nearest
 * words, asked of the word embedder once per word; the vocabulary is embedded here, once.
 */
export async function queryExpander(
  words: readonly string[],
  wordEmbedder: Embedder,
): Promise<(query: KnowledgeQuery) => Promise<KnowledgeQuery>> {
  const known = await vocabularyOf(words, wordEmbedder);
  const neighbours = new Map<string, readonly Neighbour[]>();
  return async (query) => {
    const unknown = contentWordsOf(query.message).filter((word) => !neighbours.has(word));
    if (unknown.length > 0) {
      if (neighbours.size + unknown.length > MAX_CACHED_WORDS) neighbours.clear();
      const vectors = await wordEmbedder.embed(unknown);
      for (const [i, word] of unknown.entries()) {
        neighbours.set(word, nearestTerms(word, vectors[i] as Float32Array, known));
      }
    }
    return expandQuery(query, neighbours);
  };
}

/** The query's vector: its texts' vectors summed by weight, unit length (null when there is none). */
export async function embedKnowledgeQuery(embedder: Embedder, query: KnowledgeQuery): Promise<Float32Array | null> {
  if (query.texts.length === 0) return null;
  return weightedSum(
    await embedder.embed(query.texts.map((t) => t.text)),
    query.texts.map((t) => t.weight),
  );
}

async function vocabularyOf(all: readonly string[], wordEmbedder: Embedder): Promise<Vocabulary> {
  const kept: string[] = [];
  const vectors: Float32Array[] = [];
  for (let i = 0; i < all.length; i += EMBED_BATCH) {
    const batch = all.slice(i, i + EMBED_BATCH);
    for (const [j, vector] of (await wordEmbedder.embed(batch)).entries()) {
      if (vector.some((x) => x !== 0)) {
        kept.push(batch[j] as string);
        vectors.push(vector);
      }
    }
  }
  const dim = vectors[0]?.length ?? 0;
  const matrix = new Float32Array(kept.length * dim);
  for (const [i, vector] of vectors.entries()) matrix.set(vector, i * dim);
  return { words: kept, stems: kept.map(termOf), matrix, dim };
}

/** Σ wᵢ·vᵢ scaled to unit length (null when it is zero). */
function weightedSum(vectors: readonly Float32Array[], weights: readonly number[]): Float32Array | null {
  const dim = vectors[0]?.length ?? 0;
  const sum = new Float32Array(dim);
  for (const [j, vector] of vectors.entries()) {
    const weight = weights[j] ?? 0;
    for (let i = 0; i < dim; i++) sum[i] = (sum[i] ?? 0) + weight * (vector[i] ?? 0);
  }
  let norm = 0;
  for (let i = 0; i < dim; i++) norm += (sum[i] ?? 0) ** 2;
  if (norm === 0) return null;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < dim; i++) sum[i] = (sum[i] ?? 0) * scale;
  return sum;
}
