import "server-only";
import type { CompiledAgent } from "@/lib/engine/compile/compile-agent";
import type { SessionState } from "@/lib/engine/contracts/session-state";
import type { TurnOutcome } from "@/lib/engine/contracts/turn-outcome";
import { HISTORY_MAX_ENTRIES } from "@/lib/engine/pipeline/finish-turn";
import type { EnginePorts } from "@/lib/engine/ports";

/**
 * The stored outcome of a customer message while a person has the session (docs/handoffs.md): no
 * pipeline and no model call ran; the reply is the agent's holding reply ("" when it has none). The
 * session moves on by one turn, so the message is on the transcript, the traces and the ledger chain.
 */
export function queuedOutcome(
  agent: CompiledAgent,
  state: SessionState,
  input: { message: string; turnId: string },
  ports: EnginePorts,
): TurnOutcome {
  const reply = agent.snapshot.settings.handoff.holding_reply;
  const session = structuredClone(state);
  session.history = [
    ...session.history,
    { role: "user" as const, text: input.message },
    ...(reply ? [{ role: "agent" as const, text: reply }] : []),
  ].slice(-HISTORY_MAX_ENTRIES);
  session.turnIndex += 1;
  return {
    response: reply,
    outcome: "queued_for_human",
    session,
    profileUpdates: {},
    spans: [],
    ledgerIntents: [
      {
        type: "TURN_COMPLETED",
        payload: {
          turn_id: input.turnId,
          outcome: "queued_for_human",
          config_version: agent.snapshot.configVersion,
          fired_rule_ids: [],
          violated_rule_ids: [],
          regenerations: 0,
          fallback_reason: null,
        },
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
    handoff: null,
  };
}
