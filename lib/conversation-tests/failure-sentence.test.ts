import { describe, expect, it } from "vitest";
import { failureSentence } from "./failure-sentence";

describe("failureSentence", () => {
  it("says what was expected and what happened, on which turn", () => {
    expect(failureSentence({ kind: "rule_not_violated", detail: "rules caught before shipping: max-refund" }, 0)).toBe(
      "Turn 1: expected no violation of the rule, but it was caught before shipping (caught: max-refund)",
    );
    expect(failureSentence({ kind: "outcome_is", detail: "outcome regenerated, expected answered" }, 1)).toBe(
      "Turn 2: expected outcome answered, but it was regenerated",
    );
    expect(failureSentence({ kind: "max_model_calls", detail: "3 model calls, at most 2" }, 0)).toBe(
      "Turn 1: expected at most 2 model calls, but it made 3",
    );
    expect(failureSentence({ kind: "never_falls_back", detail: "turn 2 fell back" }, null)).toBe(
      "The conversation: expected no fallback, but turn 2 fell back",
    );
  });
});
