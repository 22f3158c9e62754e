import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { samplingRuleFor, sessionDraw } from "./review-sampling";

// 1,000 synthetic sessions: at share 0.1 the sampled count is binomial(1000, 0.1), sd ≈ 9.5, so
// 100 ± 40 (over 4 sd) fails by chance about once in 30,000 runs.
const ids = Array.from({ length: 1000 }, () => randomUUID());

describe("review sampling", () => {
  it("share 0 never samples, share 1 always does", () => {
    for (const id of ids) {
      expect(samplingRuleFor([{ outcome: "fallback", share: 0 }], id, "fallback")).toBeNull();
      expect(samplingRuleFor([{ outcome: "fallback", share: 1 }], id, "fallback")).toEqual({
        outcome: "fallback",
        share: 1,
      });
    }
  });

  it("share 0.1 samples about a tenth of sessions", () => {
    const sampled = ids.filter((id) => samplingRuleFor([{ outcome: "answered", share: 0.1 }], id, "answered"));
    expect(sampled.length).toBeGreaterThan(60);
    expect(sampled.length).toBeLessThan(140);
  });

  it("gives the same answer every time for the same session", () => {
    const rules = [{ outcome: "answered", share: 0.5 }] as const;
    const first = ids.map((id) => samplingRuleFor(rules, id, "answered") !== null);
    const again = ids.map((id) => samplingRuleFor(rules, id, "answered") !== null);
    expect(again).toEqual(first);
    expect(sessionDraw(ids[0] ?? "", "answered")).toBe(sessionDraw(ids[0] ?? "", "answered"));
  });

  it("only the rule of the turn's outcome applies", () => {
    expect(samplingRuleFor([{ outcome: "fallback", share: 1 }], ids[0] ?? "", "answered")).toBeNull();
  });

  it("draws for different outcomes are independent", () => {
    const both = ids.filter(
      (id) =>
        samplingRuleFor([{ outcome: "answered", share: 0.5 }], id, "answered") &&
        samplingRuleFor([{ outcome: "fallback", share: 0.5 }], id, "fallback"),
    );
    // Independent halves overlap on a quarter (250 ± 55 at 4 sd); the same draw would overlap on half.
    expect(both.length).toBeGreaterThan(195);
    expect(both.length).toBeLessThan(305);
  });
});
