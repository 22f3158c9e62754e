import "server-only";
import { lockSessionGoal, saveSessionGoal } from "@/db/queries/session-goal";
import type { Database, Transaction } from "@/db/types";
import type {
  GoalCandidateRecord,
  GoalState,
  ReformulationCandidate,
  ReformulationVerdict,
} from "@/lib/engine/contracts/goal-state";
import {
  type ModelTokenPair,
  readGoalState,
  validateReformulation,
  withCandidateRecorded,
} from "@/lib/engine/stages/reformulation";
import { AppError } from "@/lib/server/errors";
import type { Actor } from "@/lib/server/ledger/event-types";
import { withSessionLock } from "@/lib/turns/server/session-lock";
import { appendGoalEvent, reformulationPayload } from "./goal-ledger";

export interface GoalReformulationInput {
  sessionId: string;
  candidate: ReformulationCandidate;
  actor: Actor;
  requestId: string;
  source: GoalCandidateRecord["source"];
  /** Model-judged token pairs (a provider's structured output); the API sends none. */
  modelPairs?: ModelTokenPair[];
  /** "session" from inside a turn's transaction: the event goes on the session's chain (default global). */
  ledgerChain?: "session" | "global";
}

export type GoalReformulationResult = ReformulationVerdict & { ledger_event_id: string; goal: GoalState };

/**
 * Validate, ledger, apply (docs/goals.md) inside the caller's transaction: validate the candidate against the session's
 * original goal, append GOAL_REFORMULATION (accepted) or GOAL_REFORMULATION_REJECTED (with its code)
 * FIRST, then store the new goal state. The event and the state commit together or not at all, and
 * a turn can only read the state after that commit: the ledger always comes before execution. A
 * failed append throws GoalLedgerAbortError (DTL-STRAT-011) and the transaction rolls back.
 */
export async function recordGoalCandidate(
  tx: Transaction,
  input: GoalReformulationInput,
): Promise<GoalReformulationResult> {
  const session = await lockSessionGoal(tx, input.sessionId);
  if (!session) throw new AppError("NOT_FOUND", `No session with id ${input.sessionId}.`);
  const current = readGoalState(session.goal);
  if (!current.original) {
    throw new AppError(
      "CONFLICT",
      "This session has no original goal yet: it is set from the session's first clear request. Post a turn first, then propose a reformulation.",
    );
  }
  const verdict = validateReformulation({
    original: current.original.text,
    ...input.candidate,
    modelPairs: input.modelPairs,
  });
  const event = await appendGoalEvent(tx, {
    // The session row is locked above, which is what a session-chain append needs.
    sessionChain: input.ledgerChain === "session" ? session.id : undefined,
    type: verdict.accepted ? "GOAL_REFORMULATION" : "GOAL_REFORMULATION_REJECTED",
    actor: input.actor,
    agentId: session.agentId,
    requestId: input.requestId,
    payload: reformulationPayload({
      sessionId: session.id,
      turnIndex: session.turnCount,
      original: current.original.text,
      candidate: input.candidate,
      verdict,
      source: input.source,
    }),
  });
  const goal = withCandidateRecorded(current, {
    candidate: input.candidate,
    verdict,
    turnIndex: session.turnCount,
    ledgerEventId: event.id,
    source: input.source,
  });
  await saveSessionGoal(tx, session.id, goal);
  return { ...verdict, ledger_event_id: event.id, goal };
}

/** recordGoalCandidate in its own transaction, after the session's in-flight turns (same lock as hostTurn). */
export function applyGoalReformulation(db: Database, input: GoalReformulationInput): Promise<GoalReformulationResult> {
  return withSessionLock(input.sessionId, () => db.transaction((tx) => recordGoalCandidate(tx, input)));
}
