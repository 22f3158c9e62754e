import { describe, expect, it } from "vitest";
import { compareRates, wilsonInterval } from "./split-statistics";

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
