import { STOPWORDS, stem, words } from "../text/words";
import type { KnowledgeQuery } from "./contextual-query";

// Customers and FAQ writers rarely pick the same word: "do they have good beer?" is answered by "Is
// alcohol served?", "can I bring my dog?" by "Are pets allowed?". Each content word of the last
// message brings the knowledge base's nearest words by word vector (cosine ≥ MIN_SIMILARITY, at most
// NEIGHBOURS of them) into the lexical query at EXPANSION_WEIGHT × their cosine, never above a weight
// the word already has. Only words of the knowledge base are candidates, so an expansion always
// matches some passage.

const MIN_SIMILARITY = 0.55;
const NEIGHBOURS = 3;
const EXPANSION_WEIGHT = 0.5;

/** The knowledge base's content words and their unit word vectors (zero vectors left out), row by row. */
export interface Vocabulary {
  words: readonly string[];
  /** words.length rows of `dim` components. */
  matrix: Float32Array;
  dim: number;
}

/** The content words of `text` a word embedder is asked about. */
export function contentWordsOf(text: string): string[] {
  return [...new Set(words(text).filter((word) => !STOPWORDS.has(word) && !/^\d+$/.test(word)))];
}

/** `query` with the vocabulary's nearest words to its message's words added; `messageVectors` by word. */
export function expandQuery(
  query: KnowledgeQuery,
  messageVectors: ReadonlyMap<string, Float32Array>,
  vocabulary: Vocabulary,
): KnowledgeQuery {
  const expanded = new Map(query.terms);
  for (const word of contentWordsOf(query.message)) {
    const vector = messageVectors.get(word);
    const own = stem(word);
    // Only the message's own words: a named source's words ("La Mimosa") are left out of the query.
    if (!vector || vector.length !== vocabulary.dim || query.terms.get(own) !== 1) continue;
    const near: { term: string; similarity: number }[] = [];
    const { matrix, dim } = vocabulary;
    for (const [i, candidate] of vocabulary.words.entries()) {
      let similarity = 0;
      for (let j = 0, at = i * dim; j < dim; j++, at++) similarity += (vector[j] as number) * (matrix[at] as number);
      if (similarity >= MIN_SIMILARITY && stem(candidate) !== own) near.push({ term: stem(candidate), similarity });
    }
    near.sort((a, b) => b.similarity - a.similarity || (a.term < b.term ? -1 : 1));
    for (const { term, similarity } of near.slice(0, NEIGHBOURS)) {
      const weight = EXPANSION_WEIGHT * similarity;
      if ((expanded.get(term) ?? 0) < weight) expanded.set(term, weight);
    }
  }
  return { ...query, terms: expanded };
}
