import type { EngineKnowledgeSource } from "../contracts/snapshot";
import type { Embedder } from "../ports";
import { type Answerability, answerability } from "./answerability";
import { VERDICT_PASSAGES } from "./answerability-features";
import { chunkSource } from "./chunk-source";
import { type ConversationTurn, contextualQuery, type KnowledgeQuery } from "./contextual-query";
import type { KnowledgeSource, Passage } from "./knowledge-source";
import { type KnowledgeStore, memoryKnowledgeStore } from "./knowledge-store";
import { buildMemoryIndex } from "./memory-index";
import { pageLinksOf, passageUrl } from "./page-links";
import type { RankedPassage } from "./rank-passages";

// The agent's knowledge as the engine holds it per config version: every source cut into passages
// and indexed once, when the agent is compiled, with the agent's own embedder for the vector half (the
// sensor's local vectors: no model call, no key). A question is then one in-memory search. A large
// base is searched where the host keeps it instead (a KnowledgeStore handed to compileAgent: the
// database's, lib/knowledge/server/knowledge-store/), and nothing is indexed here.

export interface CompiledKnowledge {
  store: KnowledgeStore;
  sources: ReadonlyMap<string, EngineKnowledgeSource>;
}

/**
 * A snapshot's source as the chunker reads it: an uploaded file's content is the Markdown it became on
 * save; a url source's without the lines naming its sitemap's pages (page-links.ts).
 */
function knowledgeSourceOf(source: EngineKnowledgeSource, text: string): KnowledgeSource {
  if (source.kind === "faq") return { kind: "faq", id: source.id, title: source.title, entries: source.entries };
  const kind = source.kind === "text" ? "text" : "markdown";
  return { kind, id: source.id, title: source.title, text };
}

/** The source's passages; a url source's each with the address it links: its page's, else the source's. */
export function passagesOf(source: EngineKnowledgeSource): Passage[] {
  const { text, links } = pageLinksOf(source);
  const passages = chunkSource(knowledgeSourceOf(source, text));
  const { url } = source;
  if (url === undefined) return passages;
  return passages.map((passage) => ({ ...passage, sourceUrl: passageUrl(links, passage.start, url) }));
}

/** Null when the agent has no knowledge: the knowledge stage then never runs. */
export async function compileKnowledge(
  sources: readonly EngineKnowledgeSource[] | undefined,
  embedder: Embedder,
  store?: KnowledgeStore,
): Promise<CompiledKnowledge | null> {
  if (!sources || sources.length === 0) return null;
  return {
    store: store ?? memoryKnowledgeStore(await buildMemoryIndex(sources.flatMap(passagesOf), embedder)),
    sources: new Map(sources.map((source) => [source.id, source])),
  };
}

export interface KnowledgeSearch {
  query: KnowledgeQuery;
  passages: RankedPassage[];
  verdict: Answerability;
}

/**
 * The top `limit` passages for the conversation's last customer turn among the sources `inScope`
 * accepts (all by default), and whether they answer it (answerability.ts, fitted on MTRAG dev).
 */
export async function searchKnowledge(
  knowledge: CompiledKnowledge,
  turns: readonly ConversationTurn[],
  limit: number,
  inScope: (source: EngineKnowledgeSource) => boolean = () => true,
): Promise<KnowledgeSearch> {
  const { store, sources } = knowledge;
  const query = await store.expand(contextualQuery(turns, store.lexicon));
  const vector = await store.embedQuery(query);
  const scope = [...sources.values()].filter(inScope).map((source) => source.id);
  // The verdict reads VERDICT_PASSAGES passages even when the prompt takes fewer.
  const read = Math.max(limit, VERDICT_PASSAGES);
  const { passages, stats } = await store.search(query, vector, new Set(scope), read);
  return { query, passages: passages.slice(0, limit), verdict: answerability(query, passages, stats) };
}
