import type { ReformulationCandidate, ReformulationVerdict } from "../../contracts/goal-state";
import { ReformulationCandidate as CandidateSchema } from "../../contracts/goal-state";
import type { SensorOutput } from "../../contracts/model";
import type { SessionState } from "../../contracts/session-state";
import type { ToolCall } from "../tools/run-tools";
import { readGoalState } from "./goal-state-transitions";
import { validateReformulation } from "./validate-reformulation";

// Evidence text is bounded: 2,000 characters of a tool output are plenty to ground a narrowing.
const EVIDENCE_TEXT_MAX = 2000;

export type ModelProposal =
  | { kind: "none"; why: string }
  | { kind: "invalid"; why: string }
  | {
      kind: "validated";
      candidate: ReformulationCandidate;
      verdict: ReformulationVerdict;
      droppedEvidenceIds: string[];
    };

/** Resolves cited evidence ids to what the turn actually saw; ids that name nothing are dropped. */
function evidenceFor(ids: string[], session: SessionState, toolCalls: ToolCall[]) {
  const found: { id: string; text: string }[] = [];
  const dropped: string[] = [];
  for (const id of ids.slice(0, 50)) {
    const [kind, name = ""] = id.split(":", 2);
    let text: string | undefined;
    if (kind === "tool") {
      const call = toolCalls.find((c) => c.ok && c.key === name);
      if (call) text = JSON.stringify(call.output);
    } else if (kind === "profile" && session.profile[name] !== undefined) {
      text = `${name}: ${JSON.stringify(session.profile[name])}`;
    } else if (kind === "var" && session.variables[name] !== undefined) {
      text = `${name}: ${JSON.stringify(session.variables[name])}`;
    }
    if (text === undefined) dropped.push(id);
    else found.push({ id, text: text.slice(0, EVIDENCE_TEXT_MAX) });
  }
  return { found, dropped };
}

/**
 * Seed 000 steps 1–3 for a model-proposed candidate: only when the session already has an original goal,
 * the candidate is shaped right, and every criterion is checked against evidence the turn really holds.
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
  const { found, dropped } = evidenceFor(proposal.evidence_ids ?? [], session, toolCalls);
  const parsed = CandidateSchema.safeParse({
    reformulated: proposal.reformulated,
    type: proposal.type,
    confidence: proposal.confidence,
    evidence: found,
  });
  if (!parsed.success) return { kind: "invalid", why: parsed.error.issues.map((i) => i.message).join("; ") };
  const verdict = validateReformulation({ original: original.text, ...parsed.data });
  return { kind: "validated", candidate: parsed.data, verdict, droppedEvidenceIds: dropped };
}
