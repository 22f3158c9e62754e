import { describe, expect, it } from "vitest";
import { routingAccuracySentence, routingFlagsSentence } from "./routing-check-summary";

const summary = {
  examples: 10,
  routed_home: 7,
  accuracy: 0.7,
  flagged_examples: 3,
  flagged_scenarios: 1,
  unchecked: 0,
};

describe("routing check summary", () => {
  it("says how many came back home and what is flagged", () => {
    expect(routingAccuracySentence(summary)).toBe("7 of 10 entry examples came back to their own scenario (70%).");
    expect(routingFlagsSentence(summary)).toBe("3 examples flagged · 1 scenario with fewer than 3 examples.");
    expect(routingFlagsSentence({ ...summary, flagged_examples: 1, flagged_scenarios: 0 })).toBe("1 example flagged.");
    expect(routingFlagsSentence({ ...summary, flagged_examples: 0, flagged_scenarios: 0 })).toBe("Nothing flagged.");
  });

  it("says when the check was a sample, and when there was nothing to check", () => {
    expect(routingAccuracySentence({ ...summary, unchecked: 40 })).toContain("40 more were not checked");
    expect(routingAccuracySentence({ ...summary, examples: 0, routed_home: 0, accuracy: null })).toBe(
      "No entry examples to check: no enabled scenario has any.",
    );
  });
});
