import "server-only";
import { lockSessionGoal, saveSessionGoal } from "@/db/queries/session-goal";
import type { Database, Transaction } from "@/db/types";
import type { GoalState } from "@/lib/engine/contracts/goal-state";
import { readGoalState, withOriginalRestored } from "@/lib/engine/stages/reformulation";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { withSessionLock } from "@/lib/turns/server/session-lock";
import { appendGoalEvent, restorePayload } from "./goal-ledger";

export interface RestoreGoalInput {
  sessionId: string;
  actor: Actor;
  requestId: string;
}

export interface RestoreGoalResult {
  /** false when no reformulation was active: nothing changed and nothing was logged. */
  restored: boolean;
  ledger_event_id: string | null;
  goal: GoalState;
}

/**
 * Reversibility (docs/goals.md) inside the caller's transaction: discard the active reformulation so the
 * next turn runs on the original. The session row is locked (SELECT … FOR UPDATE) and GOAL_RESTORED is
 * appended before the state changes; if it cannot be written nothing changes (GoalLedgerAbortError,
 * DTL-STRAT-011). Restoring twice is harmless.
 */
export async function restoreOriginalGoalIn(tx: Transaction, input: RestoreGoalInput): Promise<RestoreGoalResult> {
  const session = await lockSessionGoal(tx, input.sessionId);
  if (!session) throw new AppError("NOT_FOUND", `No session with id ${input.sessionId}.`);
  const current = readGoalState(session.goal);
  if (!current.active_reformulation) return { restored: false, ledger_event_id: null, goal: current };
  const event = await appendGoalEvent(tx, {
    type: "GOAL_RESTORED",
    actor: input.actor,
    agentId: session.agentId,
    requestId: input.requestId,
    payload: restorePayload(session.id, session.turnCount, current),
  });
  const goal = withOriginalRestored(current);
  await saveSessionGoal(tx, session.id, goal);
  return { restored: true, ledger_event_id: event.id, goal };
}

/** restoreOriginalGoalIn in its own transaction, after the session's in-flight turns in this process. */
export function restoreOriginalGoal(db: Database, input: RestoreGoalInput): Promise<RestoreGoalResult> {
  return withSessionLock(input.sessionId, () => db.transaction((tx) => restoreOriginalGoalIn(tx, input)));
}
