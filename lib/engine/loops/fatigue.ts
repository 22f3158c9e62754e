import { type FatigueConfig, round9 } from "./config";

// Reflection fatigue (docs/loops.md#reflection-fatigue): calculate_fatigue_score. Fatigue grows by base_increment
// (0.15) for every rerun that does not improve alignment or drift by at least improvement_threshold (0.05) over the
// previous loop, decays by decay_rate (0.05) when one of them does, and is clamped to [0, max_fatigue]. Reaching
// critical_threshold (0.5) forces finalization: 0.15 × 4 = 0.60.

/** The fatigue block of a loop's guardrails status, field for field (docs/loops.md#reflection-fatigue). */
export interface FatigueResult {
  reflection_fatigue: number;
  previous_fatigue: number;
  fatigue_increment: number;
  fatigue_increased: boolean;
  improvement_detected: boolean;
  threshold_exceeded: boolean;
  critical_threshold: number;
  force_finalize: boolean;
}

/** The previous loop's scores; null when it never completed (it then reads as 0.0 and 1.0). */
export interface PreviousScores {
  alignment_score: number | null;
  drift_score: number | null;
}

export interface FatigueInput {
  alignmentScore: number;
  driftScore: number;
  /**
   * The previous loop in the lineage; null for an original loop, which gets no increment (only "if previous_trace").
   */
  previous: PreviousScores | null;
  /** The fatigue carried so far (the previous loop's); null → 0.0. */
  previousFatigue: number | null;
  config: FatigueConfig;
}

/** Alignment: higher is better (new − old). Drift: lower is better (old − new). */
export function calculateImprovement(current: number, previous: number, isAlignment: boolean): number {
  return round9(isAlignment ? current - previous : previous - current);
}

export function calculateFatigueScore({
  alignmentScore,
  driftScore,
  previous,
  previousFatigue,
  config,
}: FatigueInput): FatigueResult {
  const base = previousFatigue ?? 0;
  let increment = 0;
  let increased = false;
  let improvement = false;

  if (previous !== null) {
    const alignmentImprovement = calculateImprovement(alignmentScore, previous.alignment_score ?? 0, true);
    const driftImprovement = calculateImprovement(driftScore, previous.drift_score ?? 1, false);
    improvement =
      alignmentImprovement >= config.improvement_threshold || driftImprovement >= config.improvement_threshold;
    increment = improvement ? -config.decay_rate : config.base_increment;
    increased = !improvement;
  }

  const fatigue = round9(Math.max(0, Math.min(config.max_fatigue, base + increment)));
  const exceeded = fatigue >= config.critical_threshold;
  return {
    reflection_fatigue: fatigue,
    previous_fatigue: base,
    fatigue_increment: increment,
    fatigue_increased: increased,
    improvement_detected: improvement,
    threshold_exceeded: exceeded,
    critical_threshold: config.critical_threshold,
    force_finalize: exceeded,
  };
}
