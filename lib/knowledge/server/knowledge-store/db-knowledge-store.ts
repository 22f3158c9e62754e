import "server-only";
import {
  type CandidateRow,
  candidatesAt,
  type KnowledgeSetHead,
  knowledgeSetStats,
  setPostings,
  setSourceRanges,
} from "@/db/queries/knowledge-passages";
import type { DbOrTx } from "@/db/types";
import type { EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";
import { bm25Query, type CorpusStats } from "@/lib/engine/knowledge/bm25";
import type { Passage } from "@/lib/engine/knowledge/knowledge-source";
import type { KnowledgeStore } from "@/lib/engine/knowledge/knowledge-store";
import { embedKnowledgeQuery, queryExpander } from "@/lib/engine/knowledge/memory-index";
import { pageLinksOf, passageUrl } from "@/lib/engine/knowledge/page-links";
import { type RankCandidate, rankPassages } from "@/lib/engine/knowledge/rank-passages";
import { LexicalScorer, lengthNorms, topPositions } from "@/lib/engine/knowledge/set-postings";
import { associateQuery } from "@/lib/engine/knowledge/term-associations";
import { terms, vectorText } from "@/lib/engine/knowledge/terms";
import { titleLexicon } from "@/lib/engine/knowledge/title-mentions";
import type { Embedder } from "@/lib/engine/ports";
import { keepSetPostings } from "./keep-set-postings";
import { vectorOfBytes } from "./passage-vector";

// One config version's knowledge searched in PostgreSQL (README.md beside this file): BM25 over the
// set's postings (the query terms' rows), the lexical top-N of the passages in scope and of the named
// sources as the in-memory index takes them (memory-index.ts), those passages' rows with the vectors
// kept for them (knowledge-set.ts), then rank-passages.ts as the in-memory index calls it.

/** Lexical candidates per search, and per named source: as memory-index.ts takes them. */
const CANDIDATES = 100;
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
  // A set written before postings were kept gets them here, once.
  const lengths = row.lengths ?? (await keepSetPostings(db, set));
  const df = new Map(Object.entries(row.documentFrequency));
  const stats: CorpusStats = {
    passages: row.passages,
    averageLength: row.passages > 0 ? row.totalLength / row.passages : 0,
    documentFrequency: (term) => df.get(term) ?? 0,
  };
  const scorer = new LexicalScorer(lengthNorms(lengths, stats));
  const keysByTitle = new Map<string, string[]>();
  for (const source of sources) keysByTitle.set(source.title, [...(keysByTitle.get(source.title) ?? []), source.id]);
  // Position → its source's key: a source's passages hold one run of positions.
  const ranges = new Map((await setSourceRanges(db, set.id)).map((range) => [range.key, range]));
  const sourceAt = new Array<string>(row.passages);
  for (const range of ranges.values()) sourceAt.fill(range.key, range.start, range.end);
  const { embedder, wordEmbedder } = options;
  const expand = wordEmbedder ? await queryExpander(row.words, wordEmbedder) : null;
  const associations = new Map(Object.entries(row.associations));
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
    expand: async (query) => associateQuery(query, expand ? await expand(query) : query, associations),
    embedQuery: async (query) => (embedder ? embedKnowledgeQuery(embedder, query) : null),
    async search(query, queryVector, sourceIds, limit) {
      const inScope = (key: string) => sourceIds === null || sourceIds.has(key);
      const weights = bm25Query(query.terms, stats);
      const held = [...weights.keys()].filter((term) => stats.documentFrequency(term) > 0);
      const postings = await setPostings(db, set.id, held);
      const order = scorer.score(weights, postings, ({ positions, scores }) => {
        const pool = new Set(topPositions(positions, scores, CANDIDATES, (p) => inScope(sourceAt[p] ?? "")));
        // The sources a title names (contextual-query.ts): their own top, with their first passages where few match.
        for (const title of query.titles) {
          const named = (keysByTitle.get(title.text) ?? []).filter(inScope).flatMap((key) => {
            const range = ranges.get(key);
            return range ? Array.from({ length: range.end - range.start }, (_, i) => range.start + i) : [];
          });
          for (const position of topPositions(named, scores, CANDIDATES)) pool.add(position);
        }
        return [...pool];
      });
      const rows = await candidatesAt(db, set, order, embedder?.name ?? "");
      const byPosition = new Map(rows.map((row) => [row.position, row]));
      const dimension = embedder && queryVector ? queryVector.length : null;
      const candidates = order.flatMap((position) => {
        const row = byPosition.get(position);
        return row ? [candidateOf(row, dimension)] : [];
      });
      if (dimension !== null) await withVectors(candidates);
      return { passages: rankPassages(query, queryVector, candidates, stats, limit), stats };
    },
  };
}
