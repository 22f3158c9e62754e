import type { CompiledAgent } from "../compile/compile-agent";
import type { SessionState } from "../contracts/session-state";
import type { TurnOutcome } from "../contracts/turn-outcome";
import { validateReformulation, withCandidateRecorded, withTurnGoal } from "../stages/reformulation";
import type { TapeExternalState } from "./tape";

// The ledger event id a replayed goal candidate records: a replay writes no ledger event.
const REPLAY_LEDGER_EVENT_ID = "replay";

/**
 * A configuration may have removed the scenario or step a session was in: the session then is in
 * none. The host applies this when it loads a session, and a replay does the same on its draft.
 */
export function fitStateToAgent(state: SessionState, agent: CompiledAgent): SessionState {
  const scenario = state.activeScenarioId ? agent.scenarios.get(state.activeScenarioId) : undefined;
  const step = scenario && state.activeStepId ? scenario.steps.get(state.activeStepId) : undefined;
  return {
    ...state,
    activeScenarioId: scenario ? state.activeScenarioId : null,
    activeStepId: step ? state.activeStepId : null,
  };
}

/**
 * The state the next turn starts from, as the host would load it after persisting `outcome`: the
 * engine's session state, with the goal as the host commits it — the turn's original goal only if the
 * session had none, then a proposed reformulation validated against the committed original.
 */
export function nextStartState(startGoal: Record<string, unknown>, outcome: TurnOutcome): SessionState {
  const committed = withTurnGoal(startGoal, outcome.session.goal);
  let goal = committed;
  const proposal = outcome.goalCandidate;
  if (proposal && committed.original) {
    const verdict = validateReformulation({
      original: committed.original.text,
      ...proposal.candidate,
      modelPairs: proposal.modelPairs,
    });
    goal = withCandidateRecorded(committed, {
      candidate: proposal.candidate,
      verdict,
      turnIndex: outcome.session.turnIndex,
      ledgerEventId: REPLAY_LEDGER_EVENT_ID,
      source: "model",
    });
  }
  return { ...outcome.session, goal };
}

/** Profile and goal changed between turns by something other than a turn, as the tape recorded them. */
export function withExternalState(state: SessionState, external: TapeExternalState | undefined): SessionState {
  if (!external) return state;
  return {
    ...state,
    ...(external.profile ? { profile: structuredClone(external.profile) } : {}),
    ...(external.goal ? { goal: structuredClone(external.goal) } : {}),
  };
}
