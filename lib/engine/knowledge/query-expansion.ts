import { STOPWORDS, words } from "../text/words";
import type { KnowledgeQuery } from "./contextual-query";
import { termOf } from "./terms";

// Customers and FAQ writers rarely pick the same word: "do they have good beer?" is answered by "Is
// alcohol served?", "can I bring my dog?" by "Are pets allowed?". Each content word of the last
// message brings the knowledge base's nearest words by word vector (cosine ≥ MIN_SIMILARITY, at most
// NEIGHBOURS of them) into the lexical query at EXPANSION_WEIGHT × their cosine, never above a weight
// the word already has. Only words of the knowledge base are candidates, so an expansion always
// matches some passage.

const MIN_SIMILARITY = 0.55;
const NEIGHBOURS = 3;
const EXPANSION_WEIGHT = 0.5;

/** The knowledge base's content words, their stems and their unit word vectors (zero vectors left out). */
export interface Vocabulary {
  words: readonly string[];
  stems: readonly string[];
  /** words.length rows of `dim` components. */
  matrix: Float32Array;
  dim: number;
}

export interface Neighbour {
  term: string;
  similarity: number;
}

/** The content words of `text` a word embedder is asked about. */
export function contentWordsOf(text: string): string[] {
  return [...new Set(words(text).filter((word) => !STOPWORDS.has(word) && !/^\d+$/.test(word)))];
}

/** The vocabulary's nearest terms to one word (its vector from the same word embedder), best first. */
export function nearestTerms(word: string, vector: Float32Array, vocabulary: Vocabulary): Neighbour[] {
  const own = termOf(word);
  const { matrix, dim } = vocabulary;
  if (vector.length !== dim) return [];
  const near: Neighbour[] = [];
  for (let i = 0; i < vocabulary.stems.length; i++) {
    let similarity = 0;
    for (let j = 0, at = i * dim; j < dim; j++, at++) similarity += (vector[j] as number) * (matrix[at] as number);
    const term = vocabulary.stems[i] as string;
    if (similarity >= MIN_SIMILARITY && term !== own) near.push({ term, similarity });
  }
  near.sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : 1));
  const seen = new Set<string>();
  return near.filter(({ term }) => !seen.has(term) && seen.add(term)).slice(0, NEIGHBOURS);
}

/** `query` with the nearest terms of its message's own words (`neighbours` by word) added. */
export function expandQuery(
  query: KnowledgeQuery,
  neighbours: ReadonlyMap<string, readonly Neighbour[]>,
): KnowledgeQuery {
  const expanded = new Map(query.terms);
  for (const word of contentWordsOf(query.message)) {
    // Only the message's own words: a named source's words ("La Mimosa") are left out of the query.
    if (query.terms.get(termOf(word)) !== 1) continue;
    for (const { term, similarity } of neighbours.get(word) ?? []) {
      const weight = EXPANSION_WEIGHT * similarity;
      if ((expanded.get(term) ?? 0) < weight) expanded.set(term, weight);
    }
  }
  return { ...query, terms: expanded };
}
