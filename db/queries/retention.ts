import "server-only";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { agents, sessions } from "../schema";
import type { DbOrTx } from "../types";

/** Every agent with its stored settings (retention reads `retention.sessions_days` from them). */
export async function agentsWithSettings(db: DbOrTx) {
  return db.select({ id: agents.id, settings: agents.settings }).from(agents).orderBy(asc(agents.createdAt));
}

/** Up to `limit` of an agent's sessions last active before `cutoff`, the longest idle first. */
export async function idleSessionIds(db: DbOrTx, agentId: string, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.agentId, agentId), lt(sessions.updatedAt, cutoff)))
    .orderBy(asc(sessions.updatedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** These sessions, if still idle since before `cutoff` (one that came back to life is kept). */
export async function deleteIdleSessions(db: DbOrTx, sessionIds: string[], cutoff: Date): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .delete(sessions)
    .where(and(inArray(sessions.id, sessionIds), lt(sessions.updatedAt, cutoff)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
