import "server-only";
import { and, desc, eq, gte } from "drizzle-orm";
import { sessions, turns } from "../schema";
import type { DbOrTx } from "../types";

/**
 * The agent's abstained turns since `since`, newest first, at most `limit` (the Gaps view groups
 * them, docs/knowledge.md#gaps). Every channel counts, the sandbox too, as on the dashboard and the
 * traces list; the channel comes along so the view can say where a question was asked.
 */
export async function abstainedTurns(db: DbOrTx, agentId: string, since: Date, limit: number) {
  return db
    .select({
      turnId: turns.id,
      sessionId: turns.sessionId,
      text: turns.userMessage,
      createdAt: turns.createdAt,
      configVersion: turns.configVersion,
      channel: sessions.channel,
    })
    .from(turns)
    .innerJoin(sessions, eq(sessions.id, turns.sessionId))
    .where(and(eq(turns.agentId, agentId), eq(turns.outcome, "abstained"), gte(turns.createdAt, since)))
    .orderBy(desc(turns.createdAt), desc(turns.id))
    .limit(limit);
}
