import { type CorpusStats, idf } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import { termOf } from "./terms";

// The words a full-text index is asked for, for a store's lexical candidates (rank-passages.ts (a)).
// BM25 is carried by a query's rare terms, so a database is asked for the terms of highest weight ×
// idf, at most MAX_WORDS, while the passages they occur in add up to at most MATCH_BUDGET: a word in
// a tenth of 100,000 passages matches 10,000 rows, each of which the database must score, and adds
// little to the order (on the bench, bench/knowledge/README.md, 5,000 matched rows took ~40 ms of SQL
// on a loaded machine). The final ranking still counts every query term of the candidates. Below MATCH_BUDGET
// passages no word is left out.
//
// Each word goes to the database as the scorer's term (folded, stemmed: "refunded" → "refund") and,
// when the last message wrote it otherwise, as written too ("remboursés"), so the index's own
// language configuration parses a non-English word from its written form.

const MAX_WORDS = 12;
const MATCH_BUDGET = 2000;

export interface FullTextWord {
  word: string;
  /** The term's weight in the query × its idf: its share of BM25. */
  weight: number;
}

export function fullTextWords(query: KnowledgeQuery, stats: CorpusStats, budget = MATCH_BUDGET): FullTextWord[] {
  const byTerm = [...query.terms]
    .map(([term, weight]) => ({ term, weight: weight * idf(stats, term), df: stats.documentFrequency(term) }))
    .filter((t) => t.df > 0)
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1));
  const kept: typeof byTerm = [];
  let matches = 0;
  for (const t of byTerm) {
    if (kept.length === MAX_WORDS) break;
    if (kept.length > 0 && matches + t.df > budget) continue;
    kept.push(t);
    matches += t.df;
  }
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
