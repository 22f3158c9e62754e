import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { agentBudgets, agents, customerProfiles, sessions, turns } from "../schema";
import type { DbOrTx, Transaction } from "../types";
import type { VaultEntryRow } from "./pii-vault";

// The turn host's reads, each one statement: on embedded PGlite every statement costs ~0.5 ms of
// protocol round trips whatever it reads, so what a turn starts from is read in two and its commit
// locks the session once.

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

/** What a turn's commit writes of its session row, beside the goal (saveSessionGoal). */
export type TurnSessionState = Pick<
  typeof sessions.$inferInsert,
  "activeScenarioId" | "activeStepId" | "variables" | "ruleFires" | "stepClarificationCount" | "continuity"
>;

/**
 * The session row saved as the turn leaves it (turn_count moved past `turnIndex`) and locked until the
 * turn's transaction ends, in one statement, only while its turn_count is still `turnIndex`: the goal,
 * mode and pending return note it then has come back, for the commit to check and build on. Null when
 * the session is gone or another turn committed first (nothing written). The goal is not written here:
 * the turn adds its delta to the goal read under this lock (session-goal.ts).
 */
export async function saveSessionForTurn(
  tx: Transaction,
  sessionId: string,
  turnIndex: number,
  state: TurnSessionState,
) {
  const [row] = await tx
    .update(sessions)
    .set({ ...state, turnCount: turnIndex + 1, updatedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.turnCount, turnIndex)))
    .returning({ goal: sessions.goal, mode: sessions.mode, operatorNote: sessions.operatorNote });
  return row ?? null;
}
