import { describe, expect, it } from "vitest";
import { DEFAULT_GUARDRAIL_CONFIG } from "./config";
import { calculateFatigueScore, calculateImprovement, type FatigueInput } from "./fatigue";

const config = DEFAULT_GUARDRAIL_CONFIG.fatigue;
const referenceScores = { alignment_score: 0.72, drift_score: 0.28 };
const rerun = (previousFatigue: number, overrides: Partial<FatigueInput> = {}) =>
  calculateFatigueScore({
    alignmentScore: 0.72,
    driftScore: 0.28,
    previous: referenceScores,
    previousFatigue,
    config,
    ...overrides,
  });

describe("calculateImprovement", () => {
  it("alignment improves upwards, drift downwards", () => {
    expect(calculateImprovement(0.8, 0.72, true)).toBe(0.08);
    expect(calculateImprovement(0.2, 0.28, false)).toBe(0.08);
    expect(calculateImprovement(0.3, 0.28, false)).toBe(-0.02);
  });

  it("rounds away binary noise: drift 0.35 → 0.30 is an improvement of exactly 0.05", () => {
    expect(0.35 - 0.3).toBeLessThan(0.05);
    expect(calculateImprovement(0.3, 0.35, false)).toBe(0.05);
  });
});

describe("calculateFatigueScore (reflection fatigue)", () => {
  it("adds nothing on an original loop (no previous trace)", () => {
    expect(
      calculateFatigueScore({ alignmentScore: 0.72, driftScore: 0.28, previous: null, previousFatigue: null, config }),
    ).toEqual({
      reflection_fatigue: 0,
      previous_fatigue: 0,
      fatigue_increment: 0,
      fatigue_increased: false,
      improvement_detected: false,
      threshold_exceeded: false,
      critical_threshold: 0.5,
      force_finalize: false,
    });
  });

  it("adds 0.15 when neither score improves by 0.05", () => {
    const result = rerun(0, { alignmentScore: 0.74, driftScore: 0.27 });
    expect(result).toMatchObject({
      reflection_fatigue: 0.15,
      fatigue_increment: 0.15,
      fatigue_increased: true,
      improvement_detected: false,
    });
  });

  it("decays by 0.05 when either score improves by at least 0.05", () => {
    expect(rerun(0.3, { alignmentScore: 0.77 })).toMatchObject({
      reflection_fatigue: 0.25,
      previous_fatigue: 0.3,
      fatigue_increment: -0.05,
      fatigue_increased: false,
      improvement_detected: true,
    });
    expect(rerun(0.3, { driftScore: 0.23 }).reflection_fatigue).toBe(0.25);
  });

  it("clamps at 0 and at max_fatigue 1.0", () => {
    expect(rerun(0.02, { alignmentScore: 0.9 }).reflection_fatigue).toBe(0);
    expect(rerun(0.95).reflection_fatigue).toBe(1);
  });

  it("0.15 × 4 = 0.60 ≥ 0.5 forces finalization; 0.45 does not", () => {
    let fatigue = 0;
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const result = rerun(fatigue);
      fatigue = result.reflection_fatigue;
      seen.push(fatigue);
      expect(result.force_finalize).toBe(i === 3);
    }
    expect(seen).toEqual([0.15, 0.3, 0.45, 0.6]);
  });

  it("reads a previous loop without scores as alignment 0.0 / drift 1.0 (the defaults)", () => {
    const result = rerun(0.15, { previous: { alignment_score: null, drift_score: null } });
    expect(result.improvement_detected).toBe(true);
    expect(result.reflection_fatigue).toBe(0.1);
  });

  it("reports the inherited fatigue as exceeded even without an increment", () => {
    const result = calculateFatigueScore({
      alignmentScore: 0.5,
      driftScore: 0.5,
      previous: null,
      previousFatigue: 0.5,
      config,
    });
    expect(result).toMatchObject({ reflection_fatigue: 0.5, threshold_exceeded: true, force_finalize: true });
  });
});
