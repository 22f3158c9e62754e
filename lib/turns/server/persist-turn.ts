import "server-only";
import { insertLoopTraces } from "@/db/queries/loops";
import { insertTurnTape } from "@/db/queries/replay";
import { lockSessionGoal } from "@/db/queries/session-goal";
import { saveProfileFields, saveSessionState } from "@/db/queries/sessions";
import { insertTraceSpans, insertTurn } from "@/db/queries/turns";
import type { Transaction } from "@/db/types";
import type { SamplingRule } from "@/lib/engine/contracts/people-settings";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { tapeEnd } from "@/lib/engine/replay/external-state";
import type { TurnTape } from "@/lib/engine/replay/tape";
import { withTurnGoal } from "@/lib/engine/stages/reformulation";
import { loopRowFromRecord } from "@/lib/loops/server/loop-rows";
import { sampleSessionForReview } from "@/lib/reviews/server/sample-session";
import { recordGoalCandidate } from "@/lib/server/goals/apply-goal-reformulation";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { Actor } from "@/lib/server/ledger/event-types";

export class SessionMovedOnError extends Error {
  constructor() {
    super("another turn of this session committed first");
  }
}

export interface PersistInput {
  turnId: string;
  sessionId: string;
  agentId: string;
  customerProfileId: string | null;
  turnIndex: number;
  message: string;
  outcome: TurnOutcome;
  latencyMs: number;
  configVersion: number;
  /** The session's environment, copied onto the turn for a split's comparison. */
  environment: string | null;
  /** What the turn's ports returned; `end` is filled in here from what is committed. */
  tape: Omit<TurnTape, "end">;
  actor: Actor;
  requestId: string;
  /** The agent's `reviews.sampling` rules: the turn may send its session to the review queue. */
  reviewSampling: readonly SamplingRule[];
}

/**
 * docs/pipeline.md#persist: session, profile, turn, spans, loops, ledger event, intent log and the
 * review queue's sampling (docs/reviews.md) in ONE transaction. The session row is locked and its turn_count must still be the index the turn ran on;
 * otherwise another instance's turn won and this one is run again (SessionMovedOnError).
 *
 * The goal is not written back as the turn loaded it: a restore or an API candidate commits without
 * bumping turn_count, and on another instance it does not wait for this process's session lock, so it
 * may have committed while the turn ran. The goal read under the row lock is the base; the turn adds
 * only its own delta — the original from its message when there is none (withTurnGoal), then its
 * candidate, validated and ledgered on top of the committed state (recordGoalCandidate).
 */
export async function persistTurn(tx: Transaction, input: PersistInput): Promise<void> {
  const locked = await lockSessionGoal(tx, input.sessionId);
  if (!locked || locked.turnCount !== input.turnIndex) throw new SessionMovedOnError();
  // Statement order below is the ledger's and the tapes' order: keep it.
  const committedGoal = withTurnGoal(locked.goal, input.outcome.session.goal);
  await saveTurnSession(tx, input, committedGoal);
  const goal = (await recordTurnGoalCandidate(tx, input)) ?? committedGoal;
  await insertTurnRows(tx, input);
  await insertTurnTape(tx, {
    turnId: input.turnId,
    sessionId: input.sessionId,
    turnIndex: input.turnIndex,
    tape: { ...input.tape, end: tapeEnd(input.outcome.session.profile, goal) },
  });
  if (input.outcome.loops.length > 0) {
    await insertLoopTraces(
      tx,
      input.outcome.loops.map((loop) => loopRowFromRecord(loop.record, input.agentId, input.turnId)),
    );
  }
  await appendTurnEvents(tx, input);
  await sampleSessionForReview(tx, {
    rules: input.reviewSampling,
    sessionId: input.sessionId,
    agentId: input.agentId,
    outcome: input.outcome.outcome,
  });
}

/** The session row (state, goal, turn_count + 1) and, when the turn changed it, the customer's profile. */
async function saveTurnSession(tx: Transaction, input: PersistInput, goal: Record<string, unknown>): Promise<void> {
  const { outcome } = input;
  const state = outcome.session;
  await saveSessionState(tx, input.sessionId, {
    activeScenarioId: state.activeScenarioId,
    activeStepId: state.activeStepId,
    variables: state.variables,
    ruleFires: state.ruleFires,
    stepClarificationCount: state.stepClarificationCount,
    continuity: state.continuity,
    goal,
    turnCount: input.turnIndex + 1,
  });
  if (input.customerProfileId && Object.keys(outcome.profileUpdates).length > 0) {
    await saveProfileFields(tx, input.customerProfileId, state.profile);
  }
}

/** The goal after the turn's candidate, validated and ledgered on the committed state; null without one. */
async function recordTurnGoalCandidate(tx: Transaction, input: PersistInput): Promise<Record<string, unknown> | null> {
  const proposal = input.outcome.goalCandidate;
  if (!proposal) return null;
  // Ledger before execution (docs/decisions.md#ledger-before-execution): the verdict is ledgered in
  // this transaction; an accepted reformulation is used from the next turn on, so it is always
  // committed before execution. A failed append throws
  // DTL-STRAT-011 and rolls the whole turn back ("abort entire run").
  const recorded = await recordGoalCandidate(tx, {
    sessionId: input.sessionId,
    candidate: proposal.candidate,
    modelPairs: proposal.modelPairs,
    actor: input.actor,
    requestId: input.requestId,
    source: "model",
    ledgerChain: "session",
  });
  return recorded.goal;
}

/** The turn row (with its intent log) and its spans. */
async function insertTurnRows(tx: Transaction, input: PersistInput): Promise<void> {
  const { outcome } = input;
  const state = outcome.session;
  await insertTurn(tx, {
    id: input.turnId,
    sessionId: input.sessionId,
    agentId: input.agentId,
    turnIndex: input.turnIndex,
    userMessage: input.message,
    response: outcome.response,
    outcome: outcome.outcome,
    detectedIntent: outcome.detectedIntent,
    intentLabel: outcome.intentLabel,
    fallbackReason: outcome.fallbackReason,
    scenarioId: state.activeScenarioId,
    stepId: state.activeStepId,
    firedRuleIds: outcome.firedRuleIds,
    violatedRuleIds: outcome.violatedRuleIds,
    provenance: outcome.provenance,
    latencyMs: Math.round(input.latencyMs),
    modelCalls: outcome.modelCalls,
    tokensIn: outcome.tokens.inputTokens,
    tokensOut: outcome.tokens.outputTokens,
    provider: outcome.provenance.provider,
    model: outcome.provenance.model,
    configVersion: input.configVersion,
    environment: input.environment,
  });
  if (outcome.spans.length === 0) return;
  await insertTraceSpans(
    tx,
    outcome.spans.map((span, position) => ({
      turnId: input.turnId,
      name: span.name,
      position,
      startOffsetMs: span.startOffsetMs,
      durationMs: span.durationMs,
      status: span.status,
      decision: span.decision,
      attributes: span.attributes,
    })),
  );
}

/**
 * The turn's ledger intents on the session's own chain: the row lock taken first serializes its
 * appends, so turns of different sessions commit side by side (no global ledger lock); anchors commit
 * to the chain heads.
 */
async function appendTurnEvents(tx: Transaction, input: PersistInput): Promise<void> {
  for (const intent of input.outcome.ledgerIntents) {
    await appendLedgerEvent(tx, {
      sessionChain: input.sessionId,
      type: intent.type,
      actor: input.actor,
      agentId: input.agentId,
      requestId: input.requestId,
      payload: { ...intent.payload, session_id: input.sessionId, turn_index: input.turnIndex },
    });
  }
}
