import "server-only";
import { knowledgeSetOfVersion } from "@/db/queries/knowledge-passages";
import type { DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import type { KnowledgeStore } from "@/lib/engine/knowledge/knowledge-store";
import type { Embedder } from "@/lib/engine/ports";
import { openDbKnowledgeStore } from "./db-knowledge-store";
import { keepKnowledgeSet } from "./knowledge-set";

/**
 * From this many passages a version's knowledge is searched in the database; below it, in memory. The
 * in-memory index embeds every passage when the agent is compiled and scans every vector per question
 * (bench/knowledge/README.md, `BENCH_ONLY_KNOWLEDGE_PG=1`, a loaded 2-core machine): at 10,000 passages
 * 3.0 s per compile and 66 / 134 ms per search (p50 / p95), growing with the base. Below it the
 * in-memory index stays: it also finds the passages that share no word with the question, by vector
 * alone, and the demo and tests keep their exact behaviour.
 */
export const DB_STORE_MIN_PASSAGES = 10_000;

/**
 * The database store for the agent's knowledge at `version` when it is large, else undefined (the
 * engine indexes it in memory). A version kept before migration 0037 has no set yet: a large one
 * gets it here, once, in one transaction.
 */
export async function largeKnowledgeStore(
  db: DbOrTx,
  agentId: string,
  version: number,
  snapshot: Pick<AgentSnapshot, "knowledge" | "settings">,
  embedder: Embedder,
): Promise<KnowledgeStore | undefined> {
  const sources = snapshot.knowledge ?? [];
  if (sources.length === 0) return undefined;
  let set = await knowledgeSetOfVersion(db, agentId, version);
  if (!set) {
    const passages = sources.reduce((n, source) => n + passagesOf(source).length, 0);
    if (passages < DB_STORE_MIN_PASSAGES) return undefined;
    await db.transaction((tx) => keepKnowledgeSet(tx, agentId, version, snapshot));
    set = await knowledgeSetOfVersion(db, agentId, version);
  }
  if (!set || set.passages < DB_STORE_MIN_PASSAGES) return undefined;
  return openDbKnowledgeStore(db, set, sources, { embedder });
}
