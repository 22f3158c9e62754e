import { describe, expect, it } from "vitest";
import { BundleTestCase } from "@/lib/engine/contracts/test-case";
import {
  conversationAssertionId,
  keepAll,
  keptCount,
  proposalPath,
  selectedCase,
  turnAssertionId,
} from "./proposal-selection";

const proposal = BundleTestCase.parse({
  key: "session-abc",
  name: "I'm in France",
  tags: ["from-session"],
  turns: [
    {
      message: "I'm in France and want a refund for order 123",
      tape: { version: 1 },
      turn_id: "turn_1",
      assertions: [
        { kind: "outcome_is", outcome: "regenerated" },
        { kind: "step_is", step: "refund/offer" },
        { kind: "rule_violated", rule: "max-refund" },
      ],
    },
  ],
  assertions: [{ kind: "never_ships_lane1_failure" }, { kind: "never_falls_back" }],
});

describe("proposal-selection", () => {
  it("keeps every proposed assertion at first", () => {
    expect(keptCount(keepAll(proposal))).toEqual({ kept: 5, total: 5 });
  });

  it("drops the unticked assertions and takes the edited names", () => {
    const selection = { ...keepAll(proposal), [turnAssertionId(0, 1)]: false, [conversationAssertionId(1)]: false };
    const saved = selectedCase(proposal, selection, { key: "france-refund", name: "France", suite: "refunds" });
    expect(saved.turns[0]?.assertions.map((a) => a.kind)).toEqual(["outcome_is", "rule_violated"]);
    expect(saved.assertions).toEqual([{ kind: "never_ships_lane1_failure" }]);
    expect(saved).toMatchObject({ key: "france-refund", name: "France", suite: "refunds" });
    expect(saved.turns[0]?.tape).toEqual({ version: 1 });
    expect(keptCount(selection)).toEqual({ kept: 3, total: 5 });
  });
});

describe("proposalPath", () => {
  it("points a saved case's error at the proposed assertion it came from", () => {
    const selection = { ...keepAll(proposal), [turnAssertionId(0, 0)]: false, [conversationAssertionId(0)]: false };
    expect(proposalPath(proposal, selection, "turns[0].assertions[1].rule")).toBe("turns[0].assertions[2].rule");
    expect(proposalPath(proposal, selection, "assertions[0]")).toBe("assertions[1]");
    expect(proposalPath(proposal, selection, "key")).toBe("key");
  });
});
