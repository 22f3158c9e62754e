import { type CompiledAgent, settingsOf } from "../compile/compile-agent";
import type { SessionState } from "../contracts/session-state";
import type { TurnOutcome } from "../contracts/turn-outcome";
import type { EnginePorts } from "../ports";
import { appendHistory } from "./session-history";

/**
 * The stored outcome of a turn no pipeline decided: the message and `reply` ("" = none) on the
 * history, the session moved on by one turn, no spans, no model call, nothing checked.
 */
function outcomeWithoutPipeline(
  agent: CompiledAgent,
  state: SessionState,
  turn: { message: string; turnId: string; reply: string; outcome: "error" | "queued_for_human" | "handoff" },
  ports: EnginePorts,
): TurnOutcome {
  const session = structuredClone(state);
  session.history = appendHistory(session.history, turn.message, turn.reply);
  session.turnIndex += 1;
  return {
    response: turn.reply,
    outcome: turn.outcome,
    session,
    profileUpdates: {},
    spans: [],
    ledgerIntents: [
      {
        type: "TURN_COMPLETED",
        payload: { turn_id: turn.turnId, outcome: turn.outcome, config_version: agent.snapshot.configVersion },
      },
    ],
    provenance: {
      goal: { original: null, active_reformulation: null, evidence_ids: [] },
      rules_applied: [],
      scenario: null,
      step: null,
      tools_called: [],
      enforcement: {
        lane1: { passed: 0, failed: 0, unresolved: 0 },
        lane2: { passed: 0, failed: 0, skipped: 0 },
        checks: [],
        violations_caught: [],
      },
      regenerations: 0,
      fallback_reason: null,
      provider: ports.model.name,
      model: ports.model.model,
      config_version: agent.snapshot.configVersion,
    },
    modelCalls: 0,
    tokens: { inputTokens: 0, outputTokens: 0 },
    costUsd: 0,
    detectedIntent: null,
    intentLabel: null,
    firedRuleIds: [],
    violatedRuleIds: [],
    loops: [],
    fallbackReason: null,
  };
}

/**
 * The outcome of a customer message while a person has the session (docs/handoffs.md): no pipeline
 * and no model call ran; the reply is the agent's holding reply ("" when it has none). The session
 * moves on by one turn, so the message is on the transcript, the traces and the ledger chain. The
 * host stores it, and a replay reproduces it where the recorded turn ran while a person had the session.
 * `message` is already masked (the host masks it with the session's vault).
 */
export function queuedOutcome(
  agent: CompiledAgent,
  state: SessionState,
  input: { message: string; turnId: string },
  ports: EnginePorts,
): TurnOutcome {
  const reply = settingsOf(agent).handoff.holding_reply;
  return outcomeWithoutPipeline(agent, state, { ...input, reply, outcome: "queued_for_human" }, ports);
}

const ERROR_REPLY = "Sorry, something went wrong on our side. Please try again in a moment.";

/**
 * The stored outcome of a turn whose engine run threw (the host's safety net): outcome "error", the
 * customer's message (already masked) kept on the history, the session moved on by one turn.
 */
export function engineErrorOutcome(
  agent: CompiledAgent,
  state: SessionState,
  input: { message: string; turnId: string },
  ports: EnginePorts,
): TurnOutcome {
  return outcomeWithoutPipeline(agent, state, { ...input, reply: ERROR_REPLY, outcome: "error" }, ports);
}

/**
 * The outcome of a customer message after the agent's budget was spent, when its action is `handoff`
 * (docs/budgets.md): no pipeline and no model call ran; the reply is the handoff message and the turn
 * asks for a person with reason `budget`. `detail` names the period and the figures, never customer text.
 */
export function budgetHandoffOutcome(
  agent: CompiledAgent,
  state: SessionState,
  input: { message: string; turnId: string },
  ports: EnginePorts,
  detail: string,
): TurnOutcome {
  const reply = settingsOf(agent).handoff.message;
  const outcome = outcomeWithoutPipeline(agent, state, { ...input, reply, outcome: "handoff" }, ports);
  return { ...outcome, handoff: { reason: "budget", detail } };
}
