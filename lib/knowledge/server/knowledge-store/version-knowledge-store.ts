import "server-only";
import { knowledgeSetOfVersion } from "@/db/queries/knowledge-passages";
import type { DbOrTx } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import type { KnowledgeStore } from "@/lib/engine/knowledge/knowledge-store";
import type { Embedder } from "@/lib/engine/ports";
import { openDbKnowledgeStore } from "./db-knowledge-store";
import { DB_STORE_MIN_PASSAGES, keepKnowledgeSet } from "./knowledge-set";

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
    await db.transaction((tx) => keepKnowledgeSet(tx, agentId, version, snapshot, embedder));
    set = await knowledgeSetOfVersion(db, agentId, version);
  }
  if (!set || set.passages < DB_STORE_MIN_PASSAGES) return undefined;
  return openDbKnowledgeStore(db, set, sources, { embedder });
}
