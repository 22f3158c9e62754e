import "server-only";
import { insertTurnRecord } from "@/db/queries/turns";
import type { Transaction } from "@/db/types";
import { tapeEnd } from "@/lib/engine/replay/external-state";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import type { SettlingTurn, TurnSettler } from "./turn-settler";

/**
 * The turn's own record, in its place among the settlers: the turn row (with its intent log), its
 * spans, its tape (ending on the goal as committed so far), the rows other settlers write with it, and
 * its ledger intents.
 */
export const turnRecord: TurnSettler = {
  name: "turn",
  async settle(tx, turn) {
    await insertTurnRows(tx, turn);
    await appendTurnEvents(tx, turn);
  },
};

/** The turn row (with its intent log), its spans, its tape and the settlers' rows with it, written together. */
async function insertTurnRows(tx: Transaction, turn: SettlingTurn): Promise<void> {
  const { outcome } = turn;
  const state = outcome.session;
  await insertTurnRecord(tx, {
    turn: {
      id: turn.turnId,
      sessionId: turn.sessionId,
      agentId: turn.agentId,
      turnIndex: turn.turnIndex,
      userMessage: outcome.message,
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
      latencyMs: Math.round(turn.latencyMs),
      modelCalls: outcome.modelCalls,
      tokensIn: outcome.tokens.inputTokens,
      tokensOut: outcome.tokens.outputTokens,
      costUsd: outcome.costUsd,
      provider: outcome.provenance.provider,
      model: outcome.provenance.model,
      configVersion: turn.configVersion,
      environment: turn.environment,
    },
    spans: outcome.spans.map((span, position) => ({
      turnId: turn.turnId,
      name: span.name,
      position,
      startOffsetMs: span.startOffsetMs,
      durationMs: span.durationMs,
      status: span.status,
      decision: span.decision,
      attributes: span.attributes,
    })),
    // The tape ends on the goal as committed so far.
    tape: {
      turnId: turn.turnId,
      sessionId: turn.sessionId,
      turnIndex: turn.turnIndex,
      tape: { ...turn.tape, end: tapeEnd(turn.outcome.session.profile, turn.goal) },
    },
    more: turn.rowsWithTurn,
  });
}

/**
 * The turn's ledger intents on the session's own chain: the row lock taken first serializes its
 * appends, so turns of different sessions commit side by side (no global ledger lock); anchors commit
 * to the chain heads.
 */
async function appendTurnEvents(tx: Transaction, turn: SettlingTurn): Promise<void> {
  for (const intent of turn.outcome.ledgerIntents) {
    await appendLedgerEvent(tx, {
      sessionChain: turn.sessionId,
      type: intent.type,
      actor: turn.actor,
      agentId: turn.agentId,
      requestId: turn.requestId,
      payload: { ...intent.payload, session_id: turn.sessionId, turn_index: turn.turnIndex },
    });
  }
}
