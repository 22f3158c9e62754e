import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { HISTORY_MAX_ENTRIES } from "@/lib/engine/pipeline/finish-turn";
import type { EnginePorts } from "@/lib/engine/ports";

const ERROR_REPLY = "Sorry, something went wrong on our side. Please try again in a moment.";

/**
 * The stored outcome of a turn no pipeline decided: the message and `reply` ("" = none) on the
 * history, the session moved on by one turn, no spans, no model call, nothing checked.
 */
export function outcomeWithoutPipeline(
  agent: CompiledAgent,
  state: SessionState,
  turn: { message: string; turnId: string; reply: string; outcome: "error" | "queued_for_human" },
  ports: EnginePorts,
): TurnOutcome {
  const session = structuredClone(state);
  session.history = [
    ...session.history,
    { role: "user" as const, text: turn.message },
    ...(turn.reply ? [{ role: "agent" as const, text: turn.reply }] : []),
  ].slice(-HISTORY_MAX_ENTRIES);
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
    detectedIntent: null,
    intentLabel: null,
    firedRuleIds: [],
    violatedRuleIds: [],
    loops: [],
    fallbackReason: null,
  };
}

/** The stored outcome of a turn whose engine run threw: outcome "error", the session moved on by one turn. */
export function engineErrorOutcome(
  agent: CompiledAgent,
  state: SessionState,
  message: string,
  turnId: string,
  ports: EnginePorts,
): TurnOutcome {
  return outcomeWithoutPipeline(agent, state, { message, turnId, reply: ERROR_REPLY, outcome: "error" }, ports);
}
