import { cosine } from "../compile/similarity";
import { STOPWORDS, stem, words } from "../text/words";
import type { KnowledgeQuery } from "./contextual-query";

// Customers and FAQ writers rarely pick the same word: "do they have good beer?" is answered by "Is
// alcohol served?", "can I bring my dog?" by "Are pets allowed?". Each content word of the last
// message brings the knowledge base's nearest words by word vector (cosine ≥ MIN_SIMILARITY, at most
// NEIGHBOURS of them) into the lexical query at EXPANSION_WEIGHT × their cosine, never above a weight
// the word already has. Only words of the knowledge base are candidates, so an expansion always
// matches some passage.

const MIN_SIMILARITY = 0.45;
const NEIGHBOURS = 3;
const EXPANSION_WEIGHT = 0.5;

/** The knowledge base's content words and their word vectors (zero vectors left out). */
export interface Vocabulary {
  words: readonly string[];
  vectors: readonly Float32Array[];
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
    if (!vector) continue;
    const own = stem(word);
    const near: { term: string; similarity: number }[] = [];
    for (const [i, candidate] of vocabulary.words.entries()) {
      const similarity = cosine(vector, vocabulary.vectors[i] as Float32Array);
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
