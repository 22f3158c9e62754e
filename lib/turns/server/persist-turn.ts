import "server-only";
import { saveProfileFields, saveSessionState } from "@/db/queries/sessions";
import { lockSessionForTurn } from "@/db/queries/turn-host";
import type { Database, Transaction } from "@/db/types";
import { withTurnGoal } from "@/lib/engine/stages/reformulation";
import { retryOnConflict } from "@/lib/server/db-faults/retry-on-conflict";
import { SessionMovedOnError, type SettlingInput, type SettlingTurn, type TurnSettler } from "./turn-settler";

/**
 * docs/pipeline.md#persist: the turn in ONE transaction (the whole of it again on a serialization
 * failure or deadlock, which rolled it back entirely). The session row is locked and its turn_count
 * must still be the index the turn ran on, otherwise another instance's turn won and this one is run
 * again (SessionMovedOnError); its mode and return note read under that lock are handed to the
 * settlers (one statement for every check a settler makes of the row); the session is saved; then the settlers, in their order (which is the
 * ledger's and the tapes' order: turn-settlers.ts), and the caller's own rows last. The rows settlers
 * write with the turn (`rowsWithTurn`) are gathered first and go into the turn record's statement. After the commit
 * each settler is told.
 *
 * The goal is not written back as the turn loaded it: a restore or an API candidate commits without
 * bumping turn_count, and on another instance it does not wait for this process's session lock, so it
 * may have committed while the turn ran. The goal read under the row lock is the base; the turn adds
 * only its own delta — the original from its message when there is none (withTurnGoal), then its
 * candidate, validated and ledgered on top of the committed state (the goals' settler).
 */
export async function commitTurn(
  db: Database,
  turn: SettlingInput,
  settlers: readonly TurnSettler[],
  callerRows: (tx: Transaction) => Promise<void>,
): Promise<void> {
  const settled = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const locked = await lockSessionForTurn(tx, turn.sessionId);
      if (!locked || locked.turnCount !== turn.turnIndex) throw new SessionMovedOnError();
      let settling: SettlingTurn = {
        ...turn,
        goal: withTurnGoal(locked.goal, turn.outcome.session.goal),
        locked: { mode: locked.mode, operatorNote: locked.operatorNote },
        rowsWithTurn: settlers.flatMap((settler) => settler.rowsWithTurn?.(tx, turn) ?? []),
      };
      await saveTurnSession(tx, settling);
      for (const settler of settlers) {
        const part = await settler.settle?.(tx, settling);
        if (part) settling = { ...settling, ...part };
      }
      await callerRows(tx);
      return settling;
    }),
  );
  for (const settler of settlers) settler.committed?.(settled);
}

/** The session row (state, goal, turn_count + 1) and, when the turn changed it, the customer's profile. */
async function saveTurnSession(tx: Transaction, turn: SettlingTurn): Promise<void> {
  const { outcome } = turn;
  const state = outcome.session;
  await saveSessionState(tx, turn.sessionId, {
    activeScenarioId: state.activeScenarioId,
    activeStepId: state.activeStepId,
    variables: state.variables,
    ruleFires: state.ruleFires,
    stepClarificationCount: state.stepClarificationCount,
    continuity: state.continuity,
    goal: turn.goal,
    turnCount: turn.turnIndex + 1,
  });
  if (turn.customerProfileId && Object.keys(outcome.profileUpdates).length > 0) {
    await saveProfileFields(tx, turn.customerProfileId, state.profile);
  }
}
