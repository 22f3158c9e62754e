import "server-only";
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { agentConfigVersions, sessions, turns, turnTapes } from "../schema";
import type { DbOrTx } from "../types";

/** Every turn of the agent's sessions among these, with its tape (null when it has none), in session and turn order. */
export async function listTurnsWithTapes(db: DbOrTx, agentId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      id: turns.id,
      sessionId: turns.sessionId,
      turnIndex: turns.turnIndex,
      userMessage: turns.userMessage,
      response: turns.response,
      outcome: turns.outcome,
      modelCalls: turns.modelCalls,
      provenance: turns.provenance,
      configVersion: turns.configVersion,
      createdAt: turns.createdAt,
      tape: turnTapes.tape,
    })
    .from(turns)
    .leftJoin(turnTapes, eq(turnTapes.turnId, turns.id))
    .where(and(eq(turns.agentId, agentId), inArray(turns.sessionId, sessionIds)))
    .orderBy(asc(turns.sessionId), asc(turns.turnIndex));
}

/**
 * An agent's most recent sessions that have turns, newest first, stopping once `maxTurns` turns are
 * covered (the impact preview's "last 200 sessions or 2,000 turns, whichever is smaller").
 */
export async function recentSessionIds(
  db: DbOrTx,
  agentId: string,
  window: { maxSessions: number; maxTurns: number; since?: Date },
): Promise<string[]> {
  const rows = await db
    .select({ id: sessions.id, turnCount: sessions.turnCount })
    .from(sessions)
    .where(
      and(
        eq(sessions.agentId, agentId),
        sql`${sessions.turnCount} > 0`,
        window.since ? gte(sessions.updatedAt, window.since) : undefined,
      ),
    )
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(window.maxSessions);
  const ids: string[] = [];
  let covered = 0;
  for (const row of rows) {
    if (ids.length > 0 && covered + row.turnCount > window.maxTurns) break;
    ids.push(row.id);
    covered += row.turnCount;
  }
  return ids;
}

export async function saveConfigVersion(
  db: DbOrTx,
  row: { agentId: string; configVersion: number; snapshot: (typeof agentConfigVersions.$inferInsert)["snapshot"] },
): Promise<void> {
  await db.insert(agentConfigVersions).values(row).onConflictDoNothing();
}

export async function getConfigVersion(db: DbOrTx, agentId: string, configVersion: number) {
  const [row] = await db
    .select({ snapshot: agentConfigVersions.snapshot })
    .from(agentConfigVersions)
    .where(and(eq(agentConfigVersions.agentId, agentId), eq(agentConfigVersions.configVersion, configVersion)));
  return row?.snapshot ?? null;
}

export async function listConfigVersions(db: DbOrTx, agentId: string): Promise<number[]> {
  const rows = await db
    .select({ v: agentConfigVersions.configVersion })
    .from(agentConfigVersions)
    .where(eq(agentConfigVersions.agentId, agentId))
    .orderBy(desc(agentConfigVersions.configVersion));
  return rows.map((r) => r.v);
}

/** Which of these session ids belong to the agent. */
export async function sessionsOfAgent(db: DbOrTx, agentId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.agentId, agentId), inArray(sessions.id, ids)));
  return new Set(rows.map((r) => r.id));
}
