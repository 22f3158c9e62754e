import type { KnowledgeQuery } from "./contextual-query";
import type { Passage } from "./knowledge-source";
import { terms, vectorText } from "./terms";

// A knowledge base often says one thing two ways in the same breath: "Is there a charge to use the
// internet? — Use of WiFi is free." A customer who writes "internet" means what most of its passages
// call "WiFi", and no word vector helps where the word is missing from them ("wifi" is not among the
// offline vectors' 20,000 words). So the base's own passages are read for such pairs: a word is
// associated with a more common word found within TUNING.window terms of it in at least
// TUNING.minConfidence of the passages holding it (and in at least TUNING.minPassages of them). The
// more common word is the base's usual word for the thing; the rarer one its occasional synonym. A
// source's title words are left out (every passage of a hotel's FAQ names the hotel). Computed once
// per knowledge base; a query looks its words up in the table, so a search pays a map lookup per
// message word.
//
// Chosen on half of DSTC11 val-dev's FAQ turns (bench/knowledge/README.md), the other half held out.

/** The table's tuning, chosen on the tuning half (bench/knowledge/README.md). */
const TUNING = {
  /** Terms on either side of a word that count as said with it: a FAQ entry is ~15 terms. */
  window: 12,
  minPassages: 2,
  minConfidence: 0.6,
  /** A word in more passages than this is the base's own vocabulary, not a gap to bridge (and its pairs cost most). */
  maxPassages: 50,
  associates: 2,
  /** An associate's weight in the query: this × its confidence × the weight of the word it came from. */
  weight: 0.8,
} as const;

interface Associate {
  term: string;
  /** Share of the passages holding the word that hold this term near it. */
  confidence: number;
}

/** Term → the more common terms a knowledge base says it with, best first. */
export type TermAssociations = ReadonlyMap<string, readonly Associate[]>;

/** The associations of `passages`' terms (see above): the same table for the same passages, in any order. */
export function termAssociations(
  passages: readonly Pick<Passage, "title" | "headingPath" | "text">[],
): TermAssociations {
  // Terms as numbers and a pair as one number: counting pairs as strings took 0.6 ms a passage on MTRAG's.
  const ids = new Map<string, number>();
  const names: string[] = [];
  const documentFrequency: number[] = [];
  const sequences: number[][] = [];
  const titleTerms = new Map<string, Set<string>>();
  for (const passage of passages) {
    let own = titleTerms.get(passage.title);
    if (!own) {
      own = new Set(terms(passage.title));
      titleTerms.set(passage.title, own);
    }
    const sequence: number[] = [];
    for (const term of terms(vectorText(passage))) {
      if (own.has(term)) continue;
      let id = ids.get(term);
      if (id === undefined) {
        id = names.length;
        ids.set(term, id);
        names.push(term);
        documentFrequency.push(0);
      }
      sequence.push(id);
    }
    sequences.push(sequence);
    for (const id of new Set(sequence)) documentFrequency[id] = (documentFrequency[id] as number) + 1;
  }
  const size = names.length;
  const df = (id: number) => documentFrequency[id] as number;
  const together = new Map<number, number>();
  for (const sequence of sequences) {
    const pairs = new Set<number>();
    for (const [i, id] of sequence.entries()) {
      const count = df(id);
      if (count < TUNING.minPassages || count > TUNING.maxPassages) continue;
      const end = Math.min(sequence.length, i + TUNING.window + 1);
      for (let j = Math.max(0, i - TUNING.window); j < end; j++) {
        const other = sequence[j] as number;
        if (df(other) > count) pairs.add(id * size + other);
      }
    }
    for (const pair of pairs) together.set(pair, (together.get(pair) ?? 0) + 1);
  }
  const byTerm = new Map<number, { term: string; confidence: number }[]>();
  for (const [pair, count] of together) {
    const id = Math.floor(pair / size);
    const confidence = count / df(id);
    if (count < TUNING.minPassages || confidence < TUNING.minConfidence) continue;
    const row = byTerm.get(id) ?? [];
    row.push({ term: names[pair % size] as string, confidence });
    byTerm.set(id, row);
  }
  const associations = new Map<string, Associate[]>();
  for (const [id, row] of [...byTerm].sort((a, b) => a[0] - b[0])) {
    row.sort((a, b) => b.confidence - a.confidence || (a.term < b.term ? -1 : 1));
    associations.set(names[id] as string, row.slice(0, TUNING.associates));
  }
  return associations;
}

/**
 * `expanded` (`query` after the word vectors' expansion, query-expansion.ts) with the associates of the
 * message's own terms and of the terms that expansion brought in, each at TUNING.weight × its
 * confidence × the weight of the term it came from, never above a weight a term already has. The
 * second step is what reaches "alcohol" from "merlot"'s neighbour "wine" or "beer"'s "drinks": the
 * vectors find a word of the base near the customer's, the base says which of its words that one goes with.
 */
export function associateQuery(
  query: KnowledgeQuery,
  expanded: KnowledgeQuery,
  associations: TermAssociations,
): KnowledgeQuery {
  if (associations.size === 0) return expanded;
  const weights = new Map(expanded.terms);
  for (const [term, weight] of expanded.terms) {
    // The message's own terms weigh 1 (contextual-query.ts); the expansion's are those it added or raised.
    const fromMessage = weight === 1 || (query.terms.get(term) ?? 0) < weight;
    if (!fromMessage) continue;
    for (const associate of associations.get(term) ?? []) {
      const added = TUNING.weight * associate.confidence * weight;
      if ((weights.get(associate.term) ?? 0) < added) weights.set(associate.term, added);
    }
  }
  return { ...expanded, terms: weights };
}
