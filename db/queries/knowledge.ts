import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { agents, type KnowledgeSourceFetchRow, knowledgeSourceFetches, knowledgeSources } from "../schema";
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

type FetchColumns = Omit<typeof knowledgeSourceFetches.$inferInsert, "agentId" | "sourceKey">;

/** Records a url source's latest fetch (one row per source key, replaced each time). */
export async function recordKnowledgeSourceFetch(
  db: DbOrTx,
  agentId: string,
  sourceKey: string,
  columns: FetchColumns,
): Promise<void> {
  await db
    .insert(knowledgeSourceFetches)
    .values({ agentId, sourceKey, ...columns })
    .onConflictDoUpdate({ target: [knowledgeSourceFetches.agentId, knowledgeSourceFetches.sourceKey], set: columns });
}

export async function knowledgeSourceFetchesOf(db: DbOrTx, agentId: string): Promise<KnowledgeSourceFetchRow[]> {
  return db.select().from(knowledgeSourceFetches).where(eq(knowledgeSourceFetches.agentId, agentId));
}

export async function deleteKnowledgeSourceFetch(db: DbOrTx, agentId: string, sourceKey: string): Promise<void> {
  await db
    .delete(knowledgeSourceFetches)
    .where(and(eq(knowledgeSourceFetches.agentId, agentId), eq(knowledgeSourceFetches.sourceKey, sourceKey)));
}

/**
 * Every agent's url sources with a refresh interval, each with its last attempt (null: never fetched
 * since it was written): what the `knowledge.refresh` job sorts to find the sources due.
 */
export async function refreshableKnowledgeSources(db: DbOrTx) {
  return db
    .select({
      agentId: knowledgeSources.agentId,
      agentKey: agents.key,
      sourceKey: knowledgeSources.key,
      refreshHours: sql<number>`(${knowledgeSources.source} ->> 'refresh_hours')::int`,
      attemptedAt: knowledgeSourceFetches.attemptedAt,
    })
    .from(knowledgeSources)
    .innerJoin(agents, eq(agents.id, knowledgeSources.agentId))
    .leftJoin(
      knowledgeSourceFetches,
      and(
        eq(knowledgeSourceFetches.agentId, knowledgeSources.agentId),
        eq(knowledgeSourceFetches.sourceKey, knowledgeSources.key),
      ),
    )
    .where(
      and(
        sql`${knowledgeSources.source} ->> 'kind' = 'url'`,
        sql`jsonb_typeof(${knowledgeSources.source} -> 'refresh_hours') = 'number'`,
      ),
    );
}
