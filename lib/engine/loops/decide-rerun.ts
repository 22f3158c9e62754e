import type { BiasEchoResult } from "./bias-echo";
import { fatigueExceeded, type GuardrailConfig, type RerunConfig } from "./config";
import type { FatigueResult } from "./fatigue";
import { familyRootOf, nextRerunId } from "./loop-family";
import type { FinalizeReason, RerunReason, RerunTrigger } from "./loop-trace";
import type { RerunLimitResult } from "./rerun-limits";

// The rerun decision (make_rerun_decision; docs/loops.md#decision-first-match-wins). Precedence, first match wins:
//   1. bias echo (the filter's action halt_loop)        → "halt",     bias_echo_detected (not overridable)
//   2. alignment ≥ 0.75 and drift ≤ 0.25                → "finalize", thresholds_met
//   3. rerun limit reached, not overridden               → "finalize", rerun_limit_reached
//   4. fatigue ≥ fatigue_threshold/critical, not overridden → "finalize", fatigue_threshold_exceeded
//   5. otherwise                                         → "rerun" as {root}_r{rerun_count + 1}

export interface ThresholdCheck {
  /** In order: "alignment" (alignment < alignment_threshold), "drift" (drift > drift_threshold). */
  triggers: RerunTrigger[];
  /** Named after the first trigger: both tripped → alignment_threshold_not_met (docs/loops.md#rerun-reasoning). */
  reason: RerunReason | null;
}

export function checkThresholds(alignmentScore: number, driftScore: number, config: RerunConfig): ThresholdCheck {
  const triggers: RerunTrigger[] = [];
  if (alignmentScore < config.alignment_threshold) triggers.push("alignment");
  if (driftScore > config.drift_threshold) triggers.push("drift");
  const first = triggers[0];
  const reason =
    first === undefined ? null : first === "alignment" ? "alignment_threshold_not_met" : "drift_threshold_exceeded";
  return { triggers, reason };
}

interface DecisionBase {
  /** The family root: loop_001 for loop_001, loop_001_r1, … */
  original_loop_id: string;
  rerun_count: number;
  max_reruns: number;
  rerun_trigger: RerunTrigger[];
  /** Who lifted a tripped guardrail for this decision, if anyone did. */
  overridden_by: string | null;
}

/** A rerun decision as the API returns it (docs/loops.md#decision-first-match-wins), with rerun_of, rerun_trigger, rerun_reason_detail and overridden_by. */
interface RerunDecisionResult extends DecisionBase {
  decision: "rerun";
  new_loop_id: string;
  rerun_reason: RerunReason;
  rerun_number: number;
  rerun_of: string;
  rerun_reason_detail: string;
}

interface FinalizeDecisionResult extends DecisionBase {
  decision: "finalize";
  finalize_reason: Exclude<FinalizeReason, "bias_echo_detected">;
  /** False only for thresholds_met: a guardrail, not the scores, stopped the family. */
  force_finalize: boolean;
  /** What would have triggered a rerun (null when thresholds were met). */
  rerun_reason: RerunReason | null;
}

interface HaltDecisionResult extends DecisionBase {
  decision: "halt";
  finalize_reason: "bias_echo_detected";
  force_finalize: true;
  action: "halt_loop";
  repeated_tags: string[];
  rerun_reason: RerunReason | null;
}

export type DecisionResult = RerunDecisionResult | FinalizeDecisionResult | HaltDecisionResult;

export interface DecideRerunInput {
  /** The loop just completed. */
  loopId: string;
  alignmentScore: number;
  driftScore: number;
  limits: RerunLimitResult;
  fatigue: FatigueResult;
  /** Null when the reflection carried no bias tags (the filter is skipped then). */
  bias: BiasEchoResult | null;
  overrideFatigue: boolean;
  overrideBy: string | null;
  config: GuardrailConfig;
}

export interface DecideRerunOutcome {
  decision: DecisionResult;
  /** Guardrails still blocking a rerun after overrides; non-empty ⇔ the record's force_finalize. */
  blockedBy: Exclude<FinalizeReason, "thresholds_met">[];
  /** override_by when an override lifted a tripped guardrail (limit or fatigue), else null. */
  overriddenBy: string | null;
}

export function decideRerun(input: DecideRerunInput): DecideRerunOutcome {
  const { limits, fatigue, bias, config } = input;
  const fatigueTripped = fatigue.force_finalize || fatigueExceeded(fatigue.reflection_fatigue, config);
  const fatigueOverridden = fatigueTripped && input.overrideFatigue;
  const overriddenBy = limits.overridden || fatigueOverridden ? input.overrideBy : null;

  const blockedBy: DecideRerunOutcome["blockedBy"] = [];
  if (bias?.action === "halt_loop") blockedBy.push("bias_echo_detected");
  if (limits.force_finalize) blockedBy.push("rerun_limit_reached");
  if (fatigueTripped && !input.overrideFatigue) blockedBy.push("fatigue_threshold_exceeded");

  const { triggers, reason } = checkThresholds(input.alignmentScore, input.driftScore, config.rerun);
  const base: DecisionBase = {
    original_loop_id: familyRootOf(input.loopId),
    rerun_count: limits.rerun_count,
    max_reruns: limits.max_reruns,
    rerun_trigger: triggers,
    overridden_by: overriddenBy,
  };

  if (bias?.action === "halt_loop") {
    const decision: HaltDecisionResult = {
      decision: "halt",
      ...base,
      finalize_reason: "bias_echo_detected",
      force_finalize: true,
      action: "halt_loop",
      repeated_tags: [...bias.repeated_tags],
      rerun_reason: reason,
    };
    return { decision, blockedBy, overriddenBy };
  }

  const finalize = (finalizeReason: FinalizeDecisionResult["finalize_reason"]): DecideRerunOutcome => ({
    decision: {
      decision: "finalize",
      ...base,
      finalize_reason: finalizeReason,
      force_finalize: finalizeReason !== "thresholds_met",
      rerun_reason: reason,
    },
    blockedBy,
    overriddenBy,
  });
  if (reason === null) return finalize("thresholds_met");
  if (limits.force_finalize) return finalize("rerun_limit_reached");
  if (blockedBy.includes("fatigue_threshold_exceeded")) return finalize("fatigue_threshold_exceeded");

  const rerunNumber = limits.rerun_count + 1;
  const decision: RerunDecisionResult = {
    decision: "rerun",
    original_loop_id: base.original_loop_id,
    new_loop_id: nextRerunId(base.original_loop_id, rerunNumber),
    rerun_reason: reason,
    rerun_number: rerunNumber,
    rerun_count: rerunNumber,
    max_reruns: limits.max_reruns,
    rerun_of: input.loopId,
    rerun_trigger: triggers,
    rerun_reason_detail: `Triggered by ${triggers.join(", ")}`,
    overridden_by: overriddenBy,
  };
  return { decision, blockedBy, overriddenBy };
}
