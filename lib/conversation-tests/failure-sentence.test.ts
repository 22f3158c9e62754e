import { describe, expect, it } from "vitest";
import { failureSentence } from "./failure-sentence";

describe("failureSentence", () => {
  it("says what was expected and what happened, on which turn", () => {
    expect(failureSentence({ kind: "rule_not_violated", detail: "rules caught before shipping: max-refund" }, 0)).toBe(
      "Turn 1: expected no violation of the rule, but it was caught before shipping",
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

  it("names the expected rule, and the others, by their names", () => {
    const names = { "max-refund": "Refunds above $50", greet: "Greeting", tone: "Calm tone" };
    const caught = "rules caught before shipping: max-refund";
    expect(failureSentence({ kind: "rule_not_violated", detail: caught, rule: "max-refund" }, 0, names)).toBe(
      "Turn 1: expected no violation of Refunds above $50, but it was caught before shipping",
    );
    expect(
      failureSentence(
        { kind: "rule_violated", detail: "rules caught before shipping: none", rule: "max-refund" },
        1,
        names,
      ),
    ).toBe("Turn 2: expected a violation of Refunds above $50 to be caught before shipping, but nothing was caught");
    expect(
      failureSentence({ kind: "rule_fired", detail: "rules fired: greet, tone", rule: "max-refund" }, 0, names),
    ).toBe("Turn 1: expected Refunds above $50 to fire, but only Greeting and Calm tone fired");
    expect(failureSentence({ kind: "rule_not_fired", detail: "rules fired: greet", rule: "greet" }, 0, names)).toBe(
      "Turn 1: expected Greeting not to fire, but it did",
    );
    // A rule removed since the run reads as its key.
    expect(failureSentence({ kind: "rule_fired", detail: "rules fired: gone", rule: "old" }, 0, names)).toBe(
      "Turn 1: expected old to fire, but only gone fired",
    );
  });
});
