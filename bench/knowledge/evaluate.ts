import { performance } from "node:perf_hooks";
import { type Answerability, answerability } from "@/lib/engine/knowledge/answerability";
import { chunkSource } from "@/lib/engine/knowledge/chunk-source";
import { type ConversationTurn, contextualQuery, type KnowledgeQuery } from "@/lib/engine/knowledge/contextual-query";
import type { Passage } from "@/lib/engine/knowledge/knowledge-source";
import { buildMemoryIndex, type MemoryIndex } from "@/lib/engine/knowledge/memory-index";
import type { Fusion } from "@/lib/engine/knowledge/rank-passages";
import { terms } from "@/lib/engine/knowledge/terms";
import type { Embedder } from "@/lib/engine/ports";
import { semanticVector } from "@/lib/providers/offline/semantic-vector";
import type { DstcData } from "./dstc11-data";
import type { Answerability as Label, MtragData } from "./mtrag-data";

// Runs the knowledge retrieval of lib/engine/knowledge over MTRAG and DSTC11 as the engine would: one
// in-memory index per knowledge base, the contextual query of each conversation's last customer turn,
// the top 5 and the answerability verdict. Passage vectors come from the English word vectors of the
// offline provider (semantic-vector.ts), which the same embedder also gives word by word for the
// query expansion. Beside it, plain BM25 baselines over the same index: the last question alone and
// the last N turns' words at weight 1.

const TOP_K = 5;

/** The offline word vectors as an Embedder: what the passages, the message and single words are embedded with. */
export const wordVectorEmbedder: Embedder = {
  name: "offline-sg100d",
  async embed(texts) {
    return texts.map(semanticVector);
  },
};

/** Reads the word vectors once (the first embedding of a process does), so ingestion is timed without it; ms. */
export function loadWordVectors(): number {
  const start = performance.now();
  semanticVector("warm");
  return performance.now() - start;
}

export type Method =
  | "contextual"
  | "contextual_rrf"
  | "bm25_last"
  | "bm25_last3_user"
  | "bm25_last5_turns"
  | "contextual_lexical";

/** Reciprocal-rank fusion with the customary k = 60 (Cormack et al. 2009), the alternative to the weighted sum. */
const RRF: Fusion = { kind: "rrf", k: 60 };

export interface Outcome {
  /** Rank (1-based) of the first gold passage in the top TOP_K, or null. */
  goldRank: number | null;
  verdict: Answerability;
  searchMs: number;
}

export interface MtragOutcome extends Outcome {
  label: Label;
  conversationId: string;
  collection: string;
  hasGold: boolean;
}

export interface DstcOutcome extends Outcome {
  target: boolean;
  hasGold: boolean;
}

function plainQuery(turns: readonly ConversationTurn[], count: number, customerOnly: boolean): KnowledgeQuery {
  const read = (customerOnly ? turns.filter((t) => t.role === "customer") : turns).slice(-count);
  const weights = new Map<string, number>();
  for (const turn of read) for (const term of terms(turn.text)) weights.set(term, 1);
  const message = read.at(-1)?.text ?? "";
  return { message, terms: weights, texts: [], titles: [], previousReply: "" };
}

async function search(index: MemoryIndex, turns: readonly ConversationTurn[], method: Method) {
  const start = performance.now();
  let query: KnowledgeQuery;
  let vector: Float32Array | null = null;
  if (method === "bm25_last") query = plainQuery(turns, 1, true);
  else if (method === "bm25_last3_user") query = plainQuery(turns, 3, true);
  else if (method === "bm25_last5_turns") query = plainQuery(turns, 5, false);
  else {
    query = contextualQuery(turns, index.lexicon);
    if (method === "contextual" || method === "contextual_rrf") {
      query = await index.expand(query);
      vector = await index.embedQuery(query);
    }
  }
  const ranked = index.search(query, vector, TOP_K, method === "contextual_rrf" ? RRF : undefined);
  const verdict = answerability(query, ranked, index.stats);
  return { ranked, verdict, searchMs: performance.now() - start };
}

function goldRankOf(passages: readonly Passage[], isGold: (passage: Passage) => boolean): number | null {
  const at = passages.findIndex(isGold);
  return at < 0 ? null : at + 1;
}

export interface Ingestion {
  passages: number;
  ms: number;
}

export async function mtragIndexes(
  data: MtragData,
  vectors: boolean,
): Promise<{ indexes: Map<string, MemoryIndex>; ingestion: Ingestion }> {
  const indexes = new Map<string, MemoryIndex>();
  const start = performance.now();
  let count = 0;
  for (const [collection, documents] of data.collections) {
    // Each gold passage is a source of its own, cut like any text (most stay one passage).
    const passages = documents.flatMap((doc) =>
      chunkSource({ kind: "text", id: doc.id, title: doc.title, text: doc.text }),
    );
    count += passages.length;
    const embedder = vectors ? wordVectorEmbedder : undefined;
    indexes.set(collection, await buildMemoryIndex(passages, embedder, embedder));
  }
  return { indexes, ingestion: { passages: count, ms: performance.now() - start } };
}

export async function evaluateMtrag(
  data: MtragData,
  indexes: Map<string, MemoryIndex>,
  method: Method,
): Promise<MtragOutcome[]> {
  const outcomes: MtragOutcome[] = [];
  for (const task of data.tasks) {
    const index = indexes.get(task.collection);
    if (!index) continue;
    const { ranked, verdict, searchMs } = await search(index, task.turns, method);
    const gold = new Set(task.gold);
    outcomes.push({
      label: task.answerability,
      conversationId: task.conversationId,
      collection: task.collection,
      hasGold: gold.size > 0,
      goldRank: goldRankOf(
        ranked.map((r) => r.passage),
        (p) => gold.has(p.sourceId),
      ),
      verdict,
      searchMs,
    });
  }
  return outcomes;
}

export async function dstcIndex(
  data: DstcData,
  vectors: boolean,
): Promise<{ index: MemoryIndex; ingestion: Ingestion }> {
  const start = performance.now();
  const passages = data.entities.flatMap((entity) =>
    chunkSource({ kind: "faq", id: entity.id, title: entity.name, entries: entity.faqs }),
  );
  const embedder = vectors ? wordVectorEmbedder : undefined;
  const index = await buildMemoryIndex(passages, embedder, embedder);
  return { index, ingestion: { passages: passages.length, ms: performance.now() - start } };
}

export async function evaluateDstc(data: DstcData, index: MemoryIndex, method: Method): Promise<DstcOutcome[]> {
  const outcomes: DstcOutcome[] = [];
  for (const dialogue of data.dialogues) {
    const { ranked, verdict, searchMs } = await search(index, dialogue.turns, method);
    // A FAQ passage's offsets are its entry index (chunk-source.ts).
    const gold = new Set(dialogue.goldFaqs);
    outcomes.push({
      target: dialogue.target,
      hasGold: gold.size > 0,
      goldRank: goldRankOf(
        ranked.map((r) => r.passage),
        (p) => gold.has(`${p.sourceId}:${p.start}`),
      ),
      verdict,
      searchMs,
    });
  }
  return outcomes;
}
