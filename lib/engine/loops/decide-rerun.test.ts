import { describe, expect, it } from "vitest";
import { detectBiasRepetition } from "./bias-echo";
import { REFERENCE_RERUN_DECISION } from "./completion-fixtures";
import { DEFAULT_GUARDRAIL_CONFIG } from "./config";
import { checkThresholds, type DecideRerunInput, decideRerun } from "./decide-rerun";
import { calculateFatigueScore } from "./fatigue";
import { enforceRerunLimits } from "./rerun-limits";

const config = DEFAULT_GUARDRAIL_CONFIG;
const limits = (totalReruns: number, overrideMaxReruns = false) =>
  enforceRerunLimits({
    totalReruns,
    maxReruns: 3,
    overrideMaxReruns,
    overrideBy: overrideMaxReruns ? "operator" : null,
  });
const fatigueAt = (value: number) =>
  calculateFatigueScore({
    alignmentScore: 0.72,
    driftScore: 0.28,
    previous: null,
    previousFatigue: value,
    config: config.fatigue,
  });
const echo = detectBiasRepetition({ biasTags: [{ tag: "anchoring" }], history: { anchoring: 2 }, threshold: 3 }).result;

const input = (overrides: Partial<DecideRerunInput> = {}): DecideRerunInput => ({
  loopId: "loop_001",
  alignmentScore: 0.72,
  driftScore: 0.28,
  limits: limits(0),
  fatigue: fatigueAt(0),
  bias: null,
  overrideFatigue: false,
  overrideBy: null,
  config,
  ...overrides,
});

describe("checkThresholds", () => {
  it("names the reason after the first trigger", () => {
    expect(checkThresholds(0.72, 0.28, config.rerun)).toEqual({
      triggers: ["alignment", "drift"],
      reason: "alignment_threshold_not_met",
    });
    expect(checkThresholds(0.8, 0.3, config.rerun)).toEqual({
      triggers: ["drift"],
      reason: "drift_threshold_exceeded",
    });
    expect(checkThresholds(0.75, 0.25, config.rerun)).toEqual({ triggers: [], reason: null });
  });
});

describe("decideRerun", () => {
  it("reruns as {root}_r{count+1}, naming what it reruns, why and which trigger", () => {
    const { decision, blockedBy, overriddenBy } = decideRerun(input());
    expect(decision).toEqual(REFERENCE_RERUN_DECISION);
    expect(blockedBy).toEqual([]);
    expect(overriddenBy).toBeNull();
  });

  it("names the family root as original_loop_id for a rerun's rerun", () => {
    const { decision } = decideRerun(input({ loopId: "loop_001_r1", limits: limits(1) }));
    expect(decision).toMatchObject({
      original_loop_id: "loop_001",
      new_loop_id: "loop_001_r2",
      rerun_of: "loop_001_r1",
    });
  });

  it("finalizes with thresholds_met (not forced) when the scores pass, even at the limit", () => {
    const { decision, blockedBy } = decideRerun(input({ alignmentScore: 0.9, driftScore: 0.1, limits: limits(3) }));
    expect(decision).toMatchObject({
      decision: "finalize",
      finalize_reason: "thresholds_met",
      force_finalize: false,
      rerun_reason: null,
      rerun_trigger: [],
    });
    expect(blockedBy).toEqual(["rerun_limit_reached"]);
  });

  it("halts on bias echo before anything else, thresholds met or not", () => {
    for (const scores of [{}, { alignmentScore: 0.9, driftScore: 0.1 }]) {
      const { decision } = decideRerun(input({ ...scores, bias: echo, limits: limits(3) }));
      expect(decision).toMatchObject({
        decision: "halt",
        finalize_reason: "bias_echo_detected",
        force_finalize: true,
        action: "halt_loop",
        repeated_tags: ["anchoring"],
      });
    }
  });

  it("reports the rerun limit before fatigue when both block", () => {
    const { decision, blockedBy } = decideRerun(input({ limits: limits(3), fatigue: fatigueAt(0.6) }));
    expect(decision).toMatchObject({
      decision: "finalize",
      finalize_reason: "rerun_limit_reached",
      force_finalize: true,
    });
    expect(blockedBy).toEqual(["rerun_limit_reached", "fatigue_threshold_exceeded"]);
  });

  it("finalizes at fatigue ≥ 0.5 unless fatigue is overridden, and then records who", () => {
    expect(decideRerun(input({ fatigue: fatigueAt(0.5) })).decision).toMatchObject({
      decision: "finalize",
      finalize_reason: "fatigue_threshold_exceeded",
    });
    const overridden = decideRerun(input({ fatigue: fatigueAt(0.6), overrideFatigue: true, overrideBy: "operator" }));
    expect(overridden.decision).toMatchObject({ decision: "rerun", overridden_by: "operator" });
    expect(overridden.blockedBy).toEqual([]);
  });

  it("uses the lower of fatigue_threshold and critical_threshold", () => {
    const strict = { ...config, rerun: { ...config.rerun, fatigue_threshold: 0.3 } };
    expect(decideRerun(input({ fatigue: fatigueAt(0.3), config: strict })).decision.decision).toBe("finalize");
  });

  it("an override nobody needed is not recorded", () => {
    const { overriddenBy } = decideRerun(input({ overrideFatigue: true, overrideBy: "operator" }));
    expect(overriddenBy).toBeNull();
  });
});
