import "server-only";
import canonicalize from "canonicalize";
import { saveSessionGoal } from "@/db/queries/session-goal";
import { saveProfileFields, saveSessionForTurn } from "@/db/queries/turn-commit";
import type { Database, Transaction } from "@/db/types";
import { withTurnGoal } from "@/lib/engine/stages/reformulation";
import { SessionMovedOnError, type SettlingInput, type SettlingTurn, type TurnSettler } from "./turn-settler";

/**
 * docs/pipeline.md#persist: the turn in ONE transaction (the host runs the whole of it again on a
 * serialization failure or deadlock, which rolled it back entirely: retryOnConflict). The session row is saved and locked in one
 * statement, and only while its turn_count is still the index the turn ran on, otherwise another
 * instance's turn won and this one is run again (SessionMovedOnError); its goal, mode and return note
 * read under that lock are handed to the settlers (one statement for every check a settler makes of
 * the row); then the settlers, in their order (which is the ledger's and the tapes' order:
 * turn-settlers.ts), and the caller's own rows last. The rows settlers write with the turn
 * (`rowsWithTurn`) are gathered first and go into the turn record's statement. After the commit each
 * settler is told.
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
  const settled = await db.transaction(async (tx) => {
    const locked = await saveTurnSession(tx, turn);
    if (!locked) throw new SessionMovedOnError();
    let settling: SettlingTurn = {
      ...turn,
      goal: locked.goal,
      locked: { mode: locked.mode, operatorNote: locked.operatorNote },
      rowsWithTurn: settlers.flatMap((settler) => settler.rowsWithTurn?.(tx, turn) ?? []),
    };
    for (const settler of settlers) {
      const part = await settler.settle?.(tx, settling);
      if (part) settling = { ...settling, ...part };
    }
    await callerRows(tx);
    return settling;
  });
  for (const settler of settlers) settler.committed?.(settled);
}

/**
 * The session row (state, turn_count + 1) saved and locked in one statement while its turn_count is
 * still the turn's index, then its goal when the turn's delta changes the one read under that lock
 * (the first turns of a session, until the original goal is set), and, when the turn changed it, the
 * customer's profile. Null when another turn committed first (nothing written).
 */
async function saveTurnSession(tx: Transaction, turn: SettlingInput) {
  const { outcome } = turn;
  const state = outcome.session;
  const locked = await saveSessionForTurn(tx, turn.sessionId, turn.turnIndex, {
    activeScenarioId: state.activeScenarioId,
    activeStepId: state.activeStepId,
    variables: state.variables,
    ruleFires: state.ruleFires,
    stepClarificationCount: state.stepClarificationCount,
    continuity: state.continuity,
  });
  if (!locked) return null;
  const goal = withTurnGoal(locked.goal, state.goal);
  // Compared as canonical JSON: jsonb keeps its keys in an order of its own.
  if (canonicalize(goal) !== canonicalize(locked.goal)) await saveSessionGoal(tx, turn.sessionId, goal);
  if (turn.customerProfileId && Object.keys(outcome.profileUpdates).length > 0) {
    await saveProfileFields(tx, turn.customerProfileId, state.profile);
  }
  return { ...locked, goal };
}
