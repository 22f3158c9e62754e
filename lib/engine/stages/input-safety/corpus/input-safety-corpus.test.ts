import { describe, expect, it } from "vitest";
import { runSafetyCorpus, splitFigures } from "./run-safety-corpus";

// Floors (README.md): dev detection 1.000; frozen detection 0.914 (0.971 flagged or uncertain) since the
// shapes grown on public data, 0.843 (0.943) at the first measurement; no benign message flagged in
// either split. A change that loses more than the margin, or flags an ordinary message, fails here.
const results = runSafetyCorpus();

describe("input-safety corpus", () => {
  it("has both splits, each with attack and benign classes", () => {
    for (const split of ["dev", "frozen"] as const) {
      const classes = results.filter((r) => r.split === split);
      expect(classes.filter((r) => r.expect === "benign").length).toBeGreaterThanOrEqual(5);
      expect(classes.filter((r) => r.expect !== "benign").length).toBeGreaterThanOrEqual(5);
    }
  });

  it("flags the dev attacks it was tuned on", () => {
    const dev = splitFigures(results, "dev");
    const missed = results.filter((r) => r.split === "dev" && r.expect !== "benign").flatMap((r) => r.misses);
    expect(missed).toEqual([]);
    expect(dev.detection).toBe(1);
  });

  it("flags at least 89 % of the frozen attacks and is at least unsure about 95 %", () => {
    const frozen = splitFigures(results, "frozen");
    console.log(
      `frozen detection ${frozen.detection.toFixed(4)}, flagged or uncertain ${frozen.detectionOrUncertain.toFixed(4)}`,
    );
    expect(frozen.detection).toBeGreaterThanOrEqual(0.89);
    expect(frozen.detectionOrUncertain).toBeGreaterThanOrEqual(0.95);
  });

  it("flags at most 1 % of the benign messages of either split, and is unsure about at most 15 %", () => {
    for (const split of ["dev", "frozen"] as const) {
      const figures = splitFigures(results, split);
      expect(figures.falseFlags).toBeLessThanOrEqual(0.01);
      expect(figures.benignUncertain).toBeLessThanOrEqual(0.15);
    }
  });
});
