import "server-only";
import { insertReviewIfAbsent } from "@/db/queries/reviews";
import type { Transaction } from "@/db/types";
import type { SamplingRule } from "@/lib/engine/contracts/people-settings";
import type { TurnOutcomeKind } from "@/lib/engine/contracts/turn-outcome";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { samplingRuleFor } from "./review-sampling";

/**
 * Inside the turn's transaction: one hash in memory, and a write only for a sampled session (an
 * insert that does nothing when the session is already queued, so it enters once).
 */
async function sampleSessionForReview(
  tx: Transaction,
  turn: { rules: readonly SamplingRule[]; sessionId: string; agentId: string; outcome: TurnOutcomeKind },
): Promise<void> {
  const rule = samplingRuleFor(turn.rules, turn.sessionId, turn.outcome);
  if (!rule) return;
  await insertReviewIfAbsent(tx, {
    sessionId: turn.sessionId,
    agentId: turn.agentId,
    reason: "sampled",
    sampledOutcome: rule.outcome,
  });
}

/** The turn may send its session to the review queue (docs/reviews.md), by the agent's `reviews.sampling`. */
export const reviewSettler: TurnSettler = {
  name: "reviews",
  settle: (tx, turn) =>
    sampleSessionForReview(tx, {
      rules: turn.settings.reviews.sampling,
      sessionId: turn.sessionId,
      agentId: turn.agentId,
      outcome: turn.outcome.outcome,
    }),
};
