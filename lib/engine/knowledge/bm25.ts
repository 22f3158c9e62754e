import type { PassageTerms } from "./terms";

// Okapi BM25 over stemmed terms with weighted query terms (the contextual query gives earlier turns a
// smaller weight). k1 = 1.2 and b = 0.75 are the usual defaults (Robertson & Zaragoza 2009).

const K1 = 1.2;
const B = 0.75;

/** What BM25 needs to know about the whole knowledge base, whoever holds it (memory or a database). */
export interface CorpusStats {
  /** Passages in the knowledge base searched. */
  passages: number;
  /** Mean passage length in terms (title and headings included, as terms.ts counts them). */
  averageLength: number;
  /** In how many passages `term` occurs. */
  documentFrequency(term: string): number;
}

/** Robertson–Spärck Jones idf with the +1 that keeps it positive for terms in most passages. */
export function idf(stats: CorpusStats, term: string): number {
  const df = stats.documentFrequency(term);
  return Math.log(1 + (stats.passages - df + 0.5) / (df + 0.5));
}

/** A weighted query (term → weight) scored against one knowledge base: weight × idf per term, computed once. */
export type Bm25Query = ReadonlyMap<string, number>;

export function bm25Query(terms: ReadonlyMap<string, number>, stats: CorpusStats): Bm25Query {
  return new Map([...terms].map(([term, weight]) => [term, weight * idf(stats, term)]));
}

/** The length normalisation of a passage of `length` terms. */
export function lengthNorm(length: number, stats: CorpusStats): number {
  return K1 * (1 - B + (B * length) / Math.max(1, stats.averageLength));
}

/** One query term's share of BM25: its weight × idf, at `tf` occurrences in a passage of `norm`. */
export function termScore(weight: number, tf: number, norm: number): number {
  return weight * ((tf * (K1 + 1)) / (tf + norm));
}

/** The most one query term can add to a passage's BM25, however often the passage holds it: weight × idf × (K1 + 1). */
export function termCeiling(weightedIdf: number): number {
  return weightedIdf * (K1 + 1);
}

/** BM25 of one passage. */
export function bm25(query: Bm25Query, passage: PassageTerms, stats: CorpusStats): number {
  const norm = lengthNorm(passage.length, stats);
  let score = 0;
  for (const [term, weight] of query) {
    const tf = passage.counts.get(term);
    if (tf) score += termScore(weight, tf, norm);
  }
  return score;
}
