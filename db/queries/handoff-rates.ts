import "server-only";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { turns } from "../schema";
import type { DbOrTx } from "../types";

/**
 * Per config version, over the agent's turns since `since` (the dashboard's window): the sessions the
 * agent answered and the ones a turn handed to a person, newest version first, at most `versions`.
 * A range of turns_agent_created_idx (agent_id, created_at) bounded by the window, folded per
 * (session, version) in a hash first: on PostgreSQL, 240,000 turns of one agent in 480,000, 84 ms for
 * 30 days (63,000 turns) and 131 ms for 90 (183,000), in memory (docs/handoffs.md#the-handoff-rate).
 */
export async function handoffsByConfigVersion(db: DbOrTx, agentId: string, since: Date, versions: number) {
  const perSession = db
    .select({
      configVersion: turns.configVersion,
      answered: sql<boolean>`bool_or(${turns.outcome} <> 'queued_for_human')`.as("answered"),
      handedOff: sql<boolean>`bool_or(${turns.outcome} = 'handoff')`.as("handed_off"),
    })
    .from(turns)
    .where(and(eq(turns.agentId, agentId), gte(turns.createdAt, since)))
    .groupBy(turns.sessionId, turns.configVersion)
    .as("per_session");
  return db
    .select({
      configVersion: perSession.configVersion,
      sessions: sql<number>`count(*) filter (where ${perSession.answered})::int`,
      handedOff: sql<number>`count(*) filter (where ${perSession.handedOff})::int`,
    })
    .from(perSession)
    .groupBy(perSession.configVersion)
    .orderBy(desc(perSession.configVersion))
    .limit(versions);
}
