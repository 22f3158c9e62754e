import "server-only";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { recordGoalCandidate } from "./apply-goal-reformulation";

/**
 * The turn's goal candidate, validated and ledgered on the committed state (docs/goals.md). Ledger
 * before execution (docs/decisions.md#ledger-before-execution): the verdict is ledgered in the turn's
 * transaction, first on its chain; an accepted reformulation is used from the next turn on, so it is
 * always committed before execution. A failed append throws DTL-STRAT-011 and rolls the whole turn
 * back ("abort entire run"). Hands the settlers after it the goal it committed.
 */
export const goalSettler: TurnSettler = {
  name: "goals",
  async settle(tx, turn) {
    const proposal = turn.outcome.goalCandidate;
    if (!proposal) return;
    const recorded = await recordGoalCandidate(tx, {
      sessionId: turn.sessionId,
      candidate: proposal.candidate,
      modelPairs: proposal.modelPairs,
      actor: turn.actor,
      requestId: turn.requestId,
      source: "model",
      ledgerChain: "session",
    });
    return { goal: recorded.goal };
  },
};
