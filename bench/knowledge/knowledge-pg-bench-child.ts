import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { openDatabase } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { knowledgeSetOfVersion } from "@/db/queries/knowledge-passages";
import type { Database } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";
import { answerability } from "@/lib/engine/knowledge/answerability";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { type ConversationTurn, contextualQuery } from "@/lib/engine/knowledge/contextual-query";
import { type KnowledgeStore, memoryKnowledgeStore } from "@/lib/engine/knowledge/knowledge-store";
import { buildMemoryIndex } from "@/lib/engine/knowledge/memory-index";
import type { Embedder } from "@/lib/engine/ports";
import { seededRandom } from "@/lib/engine/testing/seeded-random";
import { openDbKnowledgeStore } from "@/lib/knowledge/server/knowledge-store/db-knowledge-store";
import { DB_STORE_MIN_PASSAGES, keepKnowledgeSet } from "@/lib/knowledge/server/knowledge-store/knowledge-set";
import { createOfflineEmbedder } from "@/lib/providers/offline/embedder";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { percentile } from "../report";
import { loadWordVectors, wordVectorEmbedder } from "./evaluate";
import { loadMtrag, type MtragData } from "./mtrag-data";

// Run by bench/knowledge/knowledge-pg-bench.ts with `--conditions=react-server`: the database knowledge
// store (lib/knowledge/server/knowledge-store/) in a temporary PostgreSQL database, then dropped.
//
//   1. BENCH_KNOWLEDGE_PASSAGES (default 100,000) passages written through keepKnowledgeSet, the config
//      change's own write (chunk, count terms, passages + membership + statistics + postings):
//      knowledge_pg_ingest_passages_per_s.
//   2. The last customer turn of each MTRAG task (the first BENCH_KNOWLEDGE_QUERIES, default 200) as a
//      contextual query over them, with the engine's default embedder (offline-ngram) for the vectors:
//      knowledge_search_ms_p50/p95 (query vector, database search, ranking, verdict).
//   3. The same queries against the in-memory index over the first DB_STORE_MIN_PASSAGES passages and
//      over all of them, for the threshold (knowledge_memory_*).
//   4. MTRAG dev recall@5 with each collection as a database store, the same method as the in-memory
//      figure (contextual query, expansion and vectors by the offline word vectors): knowledge_pg_recall5.
//
// The synthetic passages are MTRAG's own sentences, 3 to 6 in a row from one document and one from
// another (seeded), under the first document's title: MTRAG's vocabulary and word frequencies, with
// no two passages alike.

const SERVER_URL = process.env.BENCH_TRACES_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PASSAGES = Number(process.env.BENCH_KNOWLEDGE_PASSAGES ?? 100_000);
const QUERIES = Number(process.env.BENCH_KNOWLEDGE_QUERIES ?? 200);
const PER_SOURCE = 100;
const WARM_UP = 10;

const note = (text: string) => console.log(`# knowledge_pg: ${text}`);
const figure = (name: string, value: string | number) => console.log(`${name}=${value}`);

/** PASSAGES synthetic passages as text sources of PER_SOURCE sections each (one passage per section). */
export function syntheticSources(data: MtragData): EngineKnowledgeSource[] {
  const documents = [...data.collections.values()].flat().map((doc) => ({
    title: doc.title.replace(/[#\n]/g, " ").trim() || "Note",
    sentences: doc.text.split(/(?<=[.!?])\s+/).filter((s) => s.trim().length > 20),
  }));
  const usable = documents.filter((d) => d.sentences.length > 0);
  const next = seededRandom(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const seen = new Set<string>();
  const sections: string[] = [];
  while (sections.length < PASSAGES) {
    const doc = pick(usable);
    const count = 3 + Math.floor(next() * 4);
    const at = Math.floor(next() * doc.sentences.length);
    const text = [...doc.sentences.slice(at, at + count), pick(pick(usable).sentences)].join(" ").slice(0, 1100);
    if (seen.has(text)) continue;
    seen.add(text);
    sections.push(`# ${doc.title}\n\n${text}`);
  }
  const sources: EngineKnowledgeSource[] = [];
  for (let i = 0; i < sections.length; i += PER_SOURCE) {
    const key = `kb-${i / PER_SOURCE}`;
    sources.push({
      id: key,
      key,
      title: `Handbook ${i / PER_SOURCE}`,
      kind: "markdown",
      content: sections.slice(i, i + PER_SOURCE).join("\n\n"),
      entries: [],
      scope: "GLOBAL",
      scopeId: null,
    });
  }
  return sources;
}

const settings = resolveAgentSettings({});

async function storeOf(
  db: Database,
  agentId: string,
  version: number,
  sources: EngineKnowledgeSource[],
  embedder: Embedder,
  wordEmbedder?: Embedder,
) {
  const set = await knowledgeSetOfVersion(db, agentId, version);
  if (!set) throw new Error("set missing");
  return openDbKnowledgeStore(db, set, sources, { embedder, ...(wordEmbedder ? { wordEmbedder } : {}) });
}

async function timedSearches(store: KnowledgeStore, conversations: readonly ConversationTurn[][]): Promise<number[]> {
  const all = new Set<string>();
  const ms: number[] = [];
  for (const [i, turns] of conversations.entries()) {
    const start = performance.now();
    const query = await store.expand(contextualQuery(turns, store.lexicon));
    const { passages, stats } = await store.search(query, await store.embedQuery(query), null, 5);
    answerability(query, passages, stats);
    if (i >= WARM_UP) ms.push(performance.now() - start);
    for (const p of passages) all.add(p.passage.id);
  }
  return ms;
}

async function mtragRecall(db: Database, agentId: string, base: number, data: MtragData): Promise<number> {
  let hits = 0;
  let tasks = 0;
  let version = base;
  for (const [collection, documents] of data.collections) {
    version++;
    const sources: EngineKnowledgeSource[] = documents.map((doc) => ({
      id: doc.id,
      key: doc.id,
      title: doc.title,
      kind: "text",
      content: doc.text,
      entries: [],
      scope: "GLOBAL",
      scopeId: null,
    }));
    await db.transaction((tx) =>
      keepKnowledgeSet(tx, agentId, version, { knowledge: sources, settings }, wordVectorEmbedder),
    );
    const store = await storeOf(db, agentId, version, sources, wordVectorEmbedder, wordVectorEmbedder);
    for (const task of data.tasks.filter((t) => t.collection === collection && t.gold.length > 0)) {
      const query = await store.expand(contextualQuery(task.turns, store.lexicon));
      const { passages } = await store.search(query, await store.embedQuery(query), null, 5);
      const gold = new Set(task.gold);
      tasks++;
      if (passages.some((p) => gold.has(p.passage.sourceId))) hits++;
    }
  }
  note(`MTRAG recall@5 through the database: ${hits} of ${tasks}`);
  return hits / tasks;
}

async function run(db: Database, data: MtragData) {
  const key = "bench-knowledge";
  await importBundle(db, { ...demo, agent: { ...demo.agent, key } } as never, SYSTEM_ACTOR, "bench");
  const agent = await getAgentByKey(db, key);
  if (!agent) throw new Error("bench agent missing");
  const sources = syntheticSources(data);
  const embedder = createOfflineEmbedder();

  const t0 = performance.now();
  await db.transaction((tx) =>
    keepKnowledgeSet(tx, agent.id, agent.configVersion, { knowledge: sources, settings }, embedder),
  );
  const ingestS = (performance.now() - t0) / 1000;
  const set = await knowledgeSetOfVersion(db, agent.id, agent.configVersion);
  note(`${set?.passages} passages in ${ingestS.toFixed(1)} s`);
  figure("knowledge_pg_passages", set?.passages ?? 0);
  figure("knowledge_pg_ingest_passages_per_s", Math.round((set?.passages ?? 0) / ingestS));

  const conversations = data.tasks.slice(0, QUERIES + WARM_UP).map((t) => t.turns);
  const store = await storeOf(db, agent.id, agent.configVersion, sources, embedder);
  const ms = await timedSearches(store, conversations);
  figure("knowledge_search_ms_p50", percentile(ms, 50).toFixed(2));
  figure("knowledge_search_ms_p95", percentile(ms, 95).toFixed(2));
  note(`${ms.length} searches, max ${Math.max(...ms).toFixed(1)} ms`);

  for (const size of [DB_STORE_MIN_PASSAGES, PASSAGES]) {
    const passages = sources.flatMap(passagesOf).slice(0, size);
    const b0 = performance.now();
    const memory = memoryKnowledgeStore(await buildMemoryIndex(passages, embedder));
    const buildS = (performance.now() - b0) / 1000;
    const memoryMs = await timedSearches(memory, conversations);
    const label = size === PASSAGES ? "all" : `${size}`;
    figure(`knowledge_memory_build_s_${label}`, buildS.toFixed(1));
    figure(`knowledge_memory_search_ms_p50_${label}`, percentile(memoryMs, 50).toFixed(2));
    figure(`knowledge_memory_search_ms_p95_${label}`, percentile(memoryMs, 95).toFixed(2));
  }

  loadWordVectors();
  figure("knowledge_pg_recall5", (await mtragRecall(db, agent.id, agent.configVersion + 100, data)).toFixed(3));
}

async function main() {
  const loaded = await loadMtrag(process.env.FOCAL_EVAL_DIR);
  if (!loaded.ok) {
    note(`skipped (${loaded.reason})`);
    return;
  }
  const name = `focal_bench_knowledge_${randomBytes(4).toString("hex")}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ url: url.toString(), maxConnections: 4 });
    try {
      await run(handle.db, loaded.data);
    } finally {
      await handle.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

if (process.argv[1]?.endsWith("knowledge-pg-bench-child.ts"))
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
