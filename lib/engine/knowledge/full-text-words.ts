import { type CorpusStats, idf } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import { termOf } from "./terms";

// The words a full-text index is asked for, for a store's lexical candidates (rank-passages.ts (a)).
// BM25 is carried by a query's rare terms, so a database is asked for the MAX_WORDS terms of highest
// weight × idf, leaving out those in more than COMMON_SHARE of the passages (and more than
// COMMON_FLOOR of them) while rarer ones remain: a word in a tenth of 100,000 passages matches 10,000
// rows and adds little to the order, and on the bench (bench/knowledge/README.md) it is what makes a
// search slow. The final ranking still counts every query term of the candidates.
//
// Each word goes to the database as the scorer's term (folded, stemmed: "refunded" → "refund") and,
// when the last message wrote it otherwise, as written too ("remboursés"), so the index's own
// language configuration parses a non-English word from its written form.

const MAX_WORDS = 12;
const COMMON_SHARE = 0.1;
/** Below this many passages a word is never too common: matching them all costs little. */
const COMMON_FLOOR = 1000;

export interface FullTextWord {
  word: string;
  /** The term's weight in the query × its idf: its share of BM25. */
  weight: number;
}

export function fullTextWords(query: KnowledgeQuery, stats: CorpusStats): FullTextWord[] {
  const byTerm = [...query.terms]
    .map(([term, weight]) => ({
      term,
      weight: weight * idf(stats, term),
      common: stats.documentFrequency(term) > Math.max(COMMON_SHARE * stats.passages, COMMON_FLOOR),
    }))
    .filter((t) => stats.documentFrequency(t.term) > 0)
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
  const rare = byTerm.filter((t) => !t.common);
  const kept = (rare.length > 0 ? rare : byTerm.slice(0, 1)).slice(0, MAX_WORDS);
  const written = new Map<string, Set<string>>();
  for (const token of query.message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const term = termOf(token.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
    const forms = written.get(term) ?? new Set<string>();
    if (token !== term) forms.add(token);
    written.set(term, forms);
  }
  return kept.flatMap(({ term, weight }) => [
    { word: term, weight },
    ...[...(written.get(term) ?? [])].map((word) => ({ word, weight })),
  ]);
}
