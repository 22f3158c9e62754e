import "server-only";
import {
  type CandidateRow,
  type KnowledgeSetHead,
  knowledgeCandidates,
  knowledgeSetStats,
} from "@/db/queries/knowledge-passages";
import type { DbOrTx } from "@/db/types";
import type { EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";
import type { CorpusStats } from "@/lib/engine/knowledge/bm25";
import { fullTextWords } from "@/lib/engine/knowledge/full-text-words";
import type { Passage } from "@/lib/engine/knowledge/knowledge-source";
import type { KnowledgeStore } from "@/lib/engine/knowledge/knowledge-store";
import { embedKnowledgeQuery, queryExpander } from "@/lib/engine/knowledge/memory-index";
import { pageLinksOf, passageUrl } from "@/lib/engine/knowledge/page-links";
import { type RankCandidate, rankPassages } from "@/lib/engine/knowledge/rank-passages";
import { terms, vectorText } from "@/lib/engine/knowledge/terms";
import { titleLexicon } from "@/lib/engine/knowledge/title-mentions";
import type { Embedder } from "@/lib/engine/ports";
import { vectorOfBytes } from "./passage-vector";

// One config version's knowledge searched in PostgreSQL (README.md beside this file): the full-text
// top-N of the version's passages in scope and the named sources' passages, with the vectors kept for
// them (knowledge-set.ts), then rank-passages.ts as the in-memory index calls it.

/** Full-text candidates per search, and for the named sources: rank-passages.ts asks for ≥ 50 (memory-index.ts takes 100). */
const CANDIDATES = 50;
/**
 * Passages the full-text words may match in all (full-text-words.ts; the engine's default is 2,000).
 * Each match is a random heap read in the database: at 100,000 passages on a loaded 2-core machine
 * (load 12) the search took p50 99 / p95 217 ms at 2,000 and 76 / 154 ms at 1,000.
 */
const MATCH_BUDGET = 1000;
/** Vectors embedded here (a passage kept without one from this store's embedder): 20,000 × 256 float32 ≈ 20 MB. */
const MAX_CACHED_VECTORS = 20_000;

export interface DbKnowledgeStoreOptions {
  /** The passages' and the query's vectors (the agent's embedder); none: lexical only. */
  embedder?: Embedder;
  /** Query expansion by word vectors (query-expansion.ts), as the in-memory index takes it. */
  wordEmbedder?: Embedder;
}

export async function openDbKnowledgeStore(
  db: DbOrTx,
  set: KnowledgeSetHead,
  sources: readonly EngineKnowledgeSource[],
  options: DbKnowledgeStoreOptions = {},
): Promise<KnowledgeStore> {
  const row = await knowledgeSetStats(db, set.id);
  if (!row) throw new Error(`knowledge set ${set.id} is missing`);
  const df = new Map(Object.entries(row.documentFrequency));
  const stats: CorpusStats = {
    passages: row.passages,
    averageLength: row.passages > 0 ? row.totalLength / row.passages : 0,
    documentFrequency: (term) => df.get(term) ?? 0,
  };
  const keysByTitle = new Map<string, string[]>();
  for (const source of sources) keysByTitle.set(source.title, [...(keysByTitle.get(source.title) ?? []), source.id]);
  // A title's words count in every passage of its source (terms.ts `searchableText`), but the full-text
  // index holds the passages alone: sources whose title shares a query term are asked for by key.
  const titleTermsOf = [...keysByTitle].map(([title, keys]) => ({ terms: new Set(terms(title)), keys }));
  const { embedder, wordEmbedder } = options;
  const expand = wordEmbedder ? await queryExpander(row.words, wordEmbedder) : null;
  const titleTerms = new Map<string, string[]>();
  const vectors = new Map<string, Float32Array>();

  // A url source's passages link their page (page-links.ts), found by where each starts.
  const linksOf = new Map(
    sources.filter((source) => source.url !== undefined).map((source) => [source.id, pageLinksOf(source).links]),
  );
  const urlOf = new Map(sources.map((source) => [source.id, source.url]));

  /** `dimension`: the query vector's, which a kept vector must have (null: no query vector, no vectors needed). */
  const candidateOf = (candidate: CandidateRow, dimension: number | null): RankCandidate => {
    let title = titleTerms.get(candidate.title);
    if (!title) {
      title = terms(candidate.title);
      titleTerms.set(candidate.title, title);
    }
    const counts = new Map(Object.entries(candidate.terms));
    for (const term of title) counts.set(term, (counts.get(term) ?? 0) + 1);
    const passage: Passage = {
      id: candidate.passageId,
      sourceId: candidate.sourceKey,
      title: candidate.title,
      headingPath: candidate.headingPath,
      text: candidate.text,
      start: candidate.start,
      end: candidate.end,
    };
    const links = linksOf.get(candidate.sourceKey);
    if (links) passage.sourceUrl = passageUrl(links, candidate.start, urlOf.get(candidate.sourceKey));
    // A kept vector of another dimension (the embedder's name reused with another size) is not used.
    const kept = candidate.vector && dimension !== null ? vectorOfBytes(candidate.vector) : null;
    const vector = kept && kept.length === dimension ? kept : null;
    return { passage, terms: { counts, length: candidate.termCount + title.length }, vector };
  };

  // Candidates whose passage has no kept vector from this embedder (a set written by another one).
  const withVectors = async (candidates: RankCandidate[]): Promise<void> => {
    if (!embedder) return;
    const missing = [
      ...new Map(
        candidates.filter((c) => !c.vector && !vectors.has(c.passage.id)).map((c) => [c.passage.id, c.passage]),
      ).values(),
    ];
    if (missing.length > 0) {
      const embedded = await embedder.embed(missing.map(vectorText));
      if (vectors.size + missing.length > MAX_CACHED_VECTORS) vectors.clear();
      for (const [i, passage] of missing.entries()) vectors.set(passage.id, embedded[i] as Float32Array);
    }
    for (const candidate of candidates) candidate.vector ??= vectors.get(candidate.passage.id) ?? null;
  };

  return {
    kind: "database",
    lexicon: titleLexicon(sources.map((source) => source.title)),
    expand: async (query) => (expand ? expand(query) : query),
    embedQuery: async (query) => (embedder ? embedKnowledgeQuery(embedder, query) : null),
    async search(query, queryVector, sourceIds, limit) {
      const inScope = (key: string) => sourceIds === null || sourceIds.has(key);
      const words = fullTextWords(query, stats, MATCH_BUDGET);
      const scope = sourceIds ? [...sourceIds] : null;
      const named = [
        ...new Set([
          ...query.titles.flatMap((t) => keysByTitle.get(t.text) ?? []),
          ...titleTermsOf
            .filter((t) => [...query.terms.keys()].some((term) => t.terms.has(term)))
            .flatMap((t) => t.keys),
        ]),
      ].filter(inScope);
      const rows = await knowledgeCandidates(db, set, {
        words,
        sourceKeys: scope,
        named,
        limit: CANDIDATES,
        embedder: embedder?.name ?? "",
      });
      const dimension = embedder && queryVector ? queryVector.length : null;
      const candidates = rows.map((row) => candidateOf(row, dimension));
      if (dimension !== null) await withVectors(candidates);
      return { passages: rankPassages(query, queryVector, candidates, stats, limit), stats };
    },
  };
}
