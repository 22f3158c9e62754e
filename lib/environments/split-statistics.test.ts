import { describe, expect, it } from "vitest";
import { compareRates, meanInterval, wilsonInterval } from "./split-statistics";

describe("wilsonInterval", () => {
  it("matches the published interval for 10 of 100 (0.055, 0.174)", () => {
    const interval = wilsonInterval(10, 100);
    expect(interval.low).toBeCloseTo(0.0552, 3);
    expect(interval.high).toBeCloseTo(0.1744, 3);
  });

  it("stays inside 0..1 at the edges and is the whole range with no observations", () => {
    expect(wilsonInterval(0, 20).low).toBe(0);
    expect(wilsonInterval(20, 20).high).toBe(1);
    expect(wilsonInterval(0, 0)).toMatchObject({ low: 0, high: 1 });
  });
});

describe("compareRates", () => {
  it("calls a difference clear when the intervals are apart", () => {
    const verdict = compareRates(wilsonInterval(300, 1000), wilsonInterval(100, 1000), "sessions");
    expect(verdict).toMatchObject({ verdict: "clear", more_needed: 0 });
    expect(verdict.words).toContain("Clearly higher");
  });

  it("says about how many more sessions a small difference needs", () => {
    const verdict = compareRates(wilsonInterval(12, 100), wilsonInterval(10, 100), "sessions");
    expect(verdict.verdict).toBe("not_enough");
    // 2 points at ~11 %: about 3,800 a side by the two-proportion formula, 100 seen.
    expect(verdict.more_needed).toBeGreaterThan(3000);
    expect(verdict.more_needed).toBeLessThan(4500);
    expect(verdict.words).toMatch(/^Not enough sessions yet: about [\d,]+ more needed/);
  });
});

describe("meanInterval", () => {
  it("is the mean ± 1.96 · sd / √n: 100 conversations at $0.01 ± $0.004 → $0.009216–$0.010784", () => {
    const interval = meanInterval(100, 0.01, 0.004);
    expect(interval.low_usd).toBeCloseTo(0.009216, 9);
    expect(interval.high_usd).toBeCloseTo(0.010784, 9);
  });

  it("never goes below $0, and one conversation has no spread to estimate", () => {
    expect(meanInterval(4, 0.001, 0.01).low_usd).toBe(0);
    expect(meanInterval(1, 0.02, null)).toEqual({ sessions: 1, mean_usd: 0.02, low_usd: 0.02, high_usd: 0.02 });
  });
});
