import { describe, expect, it } from "vitest";
import { seededRandom } from "../testing/seeded-random";
import { DEFAULT_GUARDRAIL_CONFIG } from "./config";
import { calculateFatigueScore, type PreviousScores } from "./fatigue";

/** A seeded PRNG, so a failure replays with the same numbers. */
const prng = seededRandom;

describe("fatigue over random rerun sequences", () => {
  it.each([1, 7, 42, 2025, 65537])("stays within [0, 1] and moves by +0.15 / −0.05 only (seed %i)", (seed) => {
    const random = prng(seed);
    const config = DEFAULT_GUARDRAIL_CONFIG.fatigue;
    for (let sequence = 0; sequence < 200; sequence++) {
      let previous: PreviousScores | null = null;
      let fatigue: number | null = null;
      const length = 1 + Math.floor(random() * 30);
      for (let step = 0; step < length; step++) {
        const alignment = Math.round(random() * 100) / 100;
        const drift = Math.round(random() * 100) / 100;
        const result = calculateFatigueScore({
          alignmentScore: alignment,
          driftScore: drift,
          previous,
          previousFatigue: fatigue,
          config,
        });
        expect(result.reflection_fatigue).toBeGreaterThanOrEqual(0);
        expect(result.reflection_fatigue).toBeLessThanOrEqual(config.max_fatigue);
        expect([0, 0.15, -0.05]).toContain(result.fatigue_increment);
        if (previous === null) expect(result.fatigue_increment).toBe(0);
        expect(result.force_finalize).toBe(result.reflection_fatigue >= config.critical_threshold);
        fatigue = result.reflection_fatigue;
        previous = { alignment_score: alignment, drift_score: drift };
      }
    }
  });
});
