import "server-only";
import { and, eq } from "drizzle-orm";
import { customerProfiles, sessions } from "../schema";
import type { Transaction } from "../types";

// A turn's commit's writes of its session row and its customer's profile (reads: turn-host.ts).

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

/** The customer's profile fields as the turn left them (only when the turn set some). */
export async function saveProfileFields(
  tx: Transaction,
  profileId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  await tx.update(customerProfiles).set({ fields, updatedAt: new Date() }).where(eq(customerProfiles.id, profileId));
}
