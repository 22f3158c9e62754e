import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { agentBudgets, agents, customerProfiles, sessions, turns } from "../schema";
import type { DbOrTx } from "../types";
import type { VaultEntryRow } from "./pii-vault";

// What a turn starts from, read in two statements: on embedded PGlite every statement costs ~0.5 ms of
// protocol round trips whatever it reads. Its commit's writes: turn-commit.ts.

/**
 * What a turn starts from, in one statement: the session, its agent, the agent's budget, the customer's
 * profile and the session's vault entries (oldest first). Null when there is no such session; `agent`
 * is null when the session's agent is gone, `budget` and `profile` when there are none.
 */
export async function turnStartOf(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select({
      session: sessions,
      agent: agents,
      budget: agentBudgets,
      profile: customerProfiles,
      // Written out: drizzle leaves a subquery's columns unqualified.
      vault: sql<VaultEntryRow[]>`coalesce((
        select json_agg(json_build_object('placeholder', v.placeholder, 'label', v.label, 'sealed', v.sealed)
          order by v.created_at)
        from pii_vault_entries v where v.session_id = "sessions"."id"), '[]'::json)`,
    })
    .from(sessions)
    .leftJoin(agents, eq(agents.id, sessions.agentId))
    .leftJoin(agentBudgets, eq(agentBudgets.agentId, sessions.agentId))
    .leftJoin(customerProfiles, eq(customerProfiles.id, sessions.customerProfileId))
    .where(eq(sessions.id, sessionId));
  return row ?? null;
}

/**
 * The session's last `limit` turns, newest first: the messages (the engine's history), each outcome
 * (the fallback streak) and, on the turn `previousIndex` only, its tape's `end` block (null when it has
 * no tape).
 */
export function recentTurnsOf(db: DbOrTx, sessionId: string, limit: number, previousIndex: number) {
  return db
    .select({
      userMessage: turns.userMessage,
      response: turns.response,
      turnIndex: turns.turnIndex,
      outcome: turns.outcome,
      // Written out: drizzle leaves the columns of a query on one table unqualified.
      tapeEnd: sql<Record<string, unknown> | null>`case when "turns"."turn_index" = ${previousIndex} then (
        select t.tape -> 'end' from turn_tapes t
        where t.session_id = "turns"."session_id" and t.turn_index = "turns"."turn_index") end`,
    })
    .from(turns)
    .where(eq(turns.sessionId, sessionId))
    .orderBy(desc(turns.turnIndex))
    .limit(limit);
}
