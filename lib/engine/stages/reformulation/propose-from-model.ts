import type { ModelTokenPair, ReformulationCandidate, ReformulationVerdict } from "../../contracts/goal-state";
import { ReformulationCandidate as CandidateSchema } from "../../contracts/goal-state";
import type { SensorOutput } from "../../contracts/model";
import type { SessionState } from "../../contracts/session-state";
import type { ToolCall } from "../tools/run-tools";
import { readGoalState } from "./goal-state-transitions";
import { type ScreenedPairs, screenModelPairs } from "./model-pairs";
import { resolveEvidence } from "./session-evidence";
import { validateReformulation } from "./validate-reformulation";

export type ModelProposal =
  | { kind: "none"; why: string }
  | { kind: "invalid"; why: string }
  | {
      kind: "validated";
      candidate: ReformulationCandidate;
      verdict: ReformulationVerdict;
      droppedEvidenceIds: string[];
      /** The model's token pairs that extended the mapping; the host validates again with the same ones. */
      modelPairs: ModelTokenPair[];
      droppedModelPairs: ScreenedPairs["dropped"];
    };

/**
 * Propose and validate a model-proposed candidate: only when the session already has an original goal,
 * the candidate is shaped right, and every criterion is checked against evidence the turn really holds
 * (session-evidence.ts). The model's own token pairs are screened first (model-pairs.ts).
 */
export function proposeFromModel(
  sensor: SensorOutput,
  goalBefore: unknown,
  session: SessionState,
  toolCalls: ToolCall[],
): ModelProposal {
  const proposal = sensor.goal_reformulation;
  if (!proposal) return { kind: "none", why: "the model proposed no reformulation" };
  const original = readGoalState(goalBefore).original;
  if (!original) return { kind: "none", why: "no original goal yet: the first clear request sets it" };
  const { found, dropped } = resolveEvidence(proposal.evidence_ids ?? [], session, toolCalls);
  const parsed = CandidateSchema.safeParse({
    reformulated: proposal.reformulated,
    type: proposal.type,
    confidence: proposal.confidence,
    evidence: found,
  });
  if (!parsed.success) return { kind: "invalid", why: parsed.error.issues.map((i) => i.message).join("; ") };
  const pairs = screenModelPairs(parsed.data.reformulated, proposal.token_pairs ?? []);
  const verdict = validateReformulation({ original: original.text, ...parsed.data, modelPairs: pairs.accepted });
  return {
    kind: "validated",
    candidate: parsed.data,
    verdict,
    droppedEvidenceIds: dropped,
    modelPairs: pairs.accepted,
    droppedModelPairs: pairs.dropped,
  };
}
