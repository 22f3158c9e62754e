import "server-only";
import { tryKnowledgeStoreLock } from "@/db/queries/advisory-locks";
import { deleteUnreferencedKnowledge, type KnowledgeCleanup } from "@/db/queries/knowledge-passages";
import type { Database } from "@/db/types";

/**
 * Part of the daily `retention.apply` job: the knowledge sets no config version searches any more
 * (an agent deleted takes its versions with it), the passages no set holds and their vectors. Sets
 * and passages are shared by content, so only what nothing refers to goes. It runs under the knowledge
 * store's lock alone: while a config change is writing a set (it holds the lock shared until it
 * commits) this run deletes nothing and says so; the next run goes on.
 */
export async function pruneUnreferencedKnowledge(db: Database): Promise<KnowledgeCleanup & { skipped: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await tryKnowledgeStoreLock(tx))) return { sets: 0, passages: 0, vectors: 0, skipped: true };
    return { ...(await deleteUnreferencedKnowledge(tx)), skipped: false };
  });
}
