import { describe, expect, it } from "vitest";
import { binomial, casePassHatK, suiteReliability } from "./pass-k";

describe("pass^k", () => {
  it("computes binomials", () => {
    expect([binomial(10, 0), binomial(10, 3), binomial(4, 2), binomial(3, 4)]).toEqual([1, 120, 6, 0]);
  });

  it("matches hand-computed values", () => {
    // 3 of 4 tries pass: pass^1 = 3/4, pass^2 = C(3,2)/C(4,2) = 3/6, pass^3 = 1/4, pass^4 = 0.
    expect([1, 2, 3, 4].map((k) => casePassHatK(3, 4, k))).toEqual([0.75, 0.5, 0.25, 0]);
    // 8 of 10: pass^4 = C(8,4)/C(10,4) = 70/210.
    expect(casePassHatK(8, 10, 4)).toBeCloseTo(1 / 3, 12);
    expect(casePassHatK(10, 10, 10)).toBe(1);
  });

  it("averages over cases and counts flaky ones", () => {
    const suite = suiteReliability(
      [
        { passes: 4, tries: 4 },
        { passes: 2, tries: 4 },
        { passes: 0, tries: 4 },
      ],
      2,
    );
    // pass^1 = (1 + 0.5 + 0) / 3; pass^2 = (1 + C(2,2)/C(4,2) + 0) / 3 = (1 + 1/6) / 3.
    expect(suite.pass_1).toBeCloseTo(0.5, 12);
    expect(suite.pass_k).toBeCloseTo(7 / 18, 12);
    expect(suite.flaky).toBe(1);
  });

  it("refuses k above the tries", () => {
    expect(() => casePassHatK(1, 2, 3)).toThrow(RangeError);
  });
});
