import { describe, expect, it } from "vitest";
import { validateReformulation } from "@/lib/engine/stages/reformulation/validate-reformulation";
import { GOAL_EXAMPLES } from "./goal-examples";

// Each example's label promises an outcome; the validator must keep that promise.
describe("goal tester examples", () => {
  it.each(GOAL_EXAMPLES)("$label", ({ label, values }) => {
    const verdict = validateReformulation({ ...values, confidence: Number(values.confidence) });
    const promised = /\((DTL-STRAT-\d+)\)/.exec(label)?.[1] ?? null;
    expect(verdict.code).toBe(promised);
    expect(verdict.accepted).toBe(promised === null);
  });
});
