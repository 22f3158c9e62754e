import "server-only";
import { and, eq } from "drizzle-orm";
import { knowledgeSources } from "../schema";
import type { DbOrTx } from "../types";

type SourceColumns = Pick<typeof knowledgeSources.$inferInsert, "key" | "source">;

export async function knowledgeSourceIdByKey(db: DbOrTx, agentId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.agentId, agentId), eq(knowledgeSources.key, key)));
  return row?.id ?? null;
}

export async function insertKnowledgeSourceRow(db: DbOrTx, agentId: string, columns: SourceColumns): Promise<void> {
  await db.insert(knowledgeSources).values({ agentId, ...columns });
}

export async function updateKnowledgeSourceRow(db: DbOrTx, id: string, columns: SourceColumns): Promise<void> {
  await db
    .update(knowledgeSources)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(knowledgeSources.id, id));
}

export async function deleteKnowledgeSourceRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(knowledgeSources).where(eq(knowledgeSources.id, id));
}
