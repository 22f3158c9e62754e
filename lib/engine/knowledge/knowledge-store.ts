import type { CorpusStats } from "./bm25";
import type { KnowledgeQuery } from "./contextual-query";
import type { MemoryIndex } from "./memory-index";
import type { RankedPassage } from "./rank-passages";
import type { TitleLexicon } from "./title-mentions";

/** What a knowledge search found, with the statistics its answerability verdict weighs it against. */
interface KnowledgeHits {
  passages: RankedPassage[];
  stats: CorpusStats;
}

/**
 * Where one config version's passages are searched: the in-memory index (small bases: tests, the demo)
 * or a database (lib/knowledge/server/knowledge-store/). Both call rank-passages.ts last, so the order
 * of the candidates they share is the same.
 */
export interface KnowledgeStore {
  /** "memory" or "database", for the trace. */
  readonly kind: "memory" | "database";
  /** The sources' titles, for contextualQuery's carried entities. */
  readonly lexicon: TitleLexicon;
  /**
   * The query with the knowledge base's words nearest to its message's (query-expansion.ts, with a word
   * embedder) and the words the base says those with (term-associations.ts).
   */
  expand(query: KnowledgeQuery): Promise<KnowledgeQuery>;
  /** The query's vector from the store's Embedder (null without one). */
  embedQuery(query: KnowledgeQuery): Promise<Float32Array | null>;
  /** The best `limit` passages of the sources in `sourceIds` (null: every source), best first. */
  search(
    query: KnowledgeQuery,
    queryVector: Float32Array | null,
    sourceIds: ReadonlySet<string> | null,
    limit: number,
  ): Promise<KnowledgeHits>;
}

/** Candidates read before the scope filter: a scenario's few sources still fill the top k among many. */
const SCOPE_HEADROOM = 4;

/** The in-memory index as a store: the whole base ranked, then the sources out of scope dropped. */
export function memoryKnowledgeStore(index: MemoryIndex): KnowledgeStore {
  return {
    kind: "memory",
    lexicon: index.lexicon,
    expand: (query) => index.expand(query),
    embedQuery: (query) => index.embedQuery(query),
    async search(query, queryVector, sourceIds, limit) {
      const ranked = index.search(query, queryVector, sourceIds ? limit * SCOPE_HEADROOM : limit);
      const passages = sourceIds ? ranked.filter((r) => sourceIds.has(r.passage.sourceId)).slice(0, limit) : ranked;
      return { passages, stats: index.stats };
    },
  };
}
