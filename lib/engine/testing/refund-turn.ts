import type { CompiledAgent } from "../compile/compile-agent";
import type { DeclaredClaim, JudgeOutput, JudgeRequest, ModelResult } from "../contracts/model";
import { emptySessionState, type SessionState } from "../contracts/session-state";
import { runTurn } from "../pipeline/run-turn";
import type { Embedder } from "../ports";
import { testPorts } from "./fixed-ports";
import { createScriptedProvider, generated, sensed } from "./scripted-provider";

/** The demo agent's declared claims with nothing claimed: no competitor, no advice, no refund amount. */
export const HONEST_CLAIMS = { competitor_mentioned: false, financial_advice_given: false, refund_amount: null };

/** The second draft after lane 1 refuses the first; it claims nothing. */
export const REDRAFT = "A specialist will review your refund within 2 business days.";

/** The demo's session in its refund step (offer_refund), four turns in. */
export const refundTurnState = (): SessionState => ({
  ...emptySessionState(),
  activeScenarioId: "scenario:refund",
  activeStepId: "step:refund/offer_refund",
  turnIndex: 4,
});

/**
 * One refund turn of the demo whose first draft is `reply` with `claims`; the redraft is REDRAFT and
 * `judge` rules on what lane 1 hands over (claim conflicts, uncertain amounts).
 */
export async function playRefundDraft(turn: {
  agent: CompiledAgent;
  embedder: Embedder;
  reply: string;
  claims: Record<string, DeclaredClaim> | undefined;
  judge: (request: JudgeRequest) => ModelResult<JudgeOutput>;
  turnId: string;
}) {
  const model = createScriptedProvider({
    sense: [sensed({ detected_intent: "refund_request", intent_confidence: 0.9 })],
    generate: [generated(turn.reply, turn.claims), generated(REDRAFT, HONEST_CLAIMS)],
    judge: turn.judge,
  });
  const out = await runTurn(
    turn.agent,
    refundTurnState(),
    { message: "I want a refund for my order", turnId: turn.turnId },
    testPorts(model, turn.embedder),
  );
  return { model, out };
}
