import { describe, expect, it } from "vitest";
import { conversationAssertionName, turnAssertionName } from "@/lib/engine/conversation-tests/assertion-name";
import { evaluateTurnAssertion } from "@/lib/engine/conversation-tests/evaluate-assertions";
import type { TurnFacts } from "@/lib/engine/conversation-tests/turn-facts";
import { failureLine, failureSentence, replyParts } from "./failure-sentence";

const LONG_REPLY = `Your refund is on its way. ${"We will look at the order again. ".repeat(12)}The end.`;

function facts(response: string): TurnFacts {
  return {
    outcome: "answered",
    response,
    scenario: null,
    step: null,
    rulesFired: [],
    rulesViolated: [],
    shippedLane1Failures: [],
    modelCalls: 1,
    stated: {},
    profile: {},
    sessionVariables: {},
    handoffReason: null,
    approvalTool: null,
    followUp: null,
    cited: [],
    abstained: false,
  };
}

describe("assertion names", () => {
  it("say in plain words what the assertion wants, from its kind and value, never its path", () => {
    expect(turnAssertionName({ kind: "reply_contains", text: "2-day review" }, 1)).toBe(
      'Turn 2 should mention "2-day review"',
    );
    expect(turnAssertionName({ kind: "reply_not_contains", text: "guarantee" }, 0)).toBe(
      'Turn 1 should not mention "guarantee"',
    );
    expect(turnAssertionName({ kind: "outcome_is", outcome: "regenerated" }, 0)).toBe("Turn 1 should end regenerated");
    expect(turnAssertionName({ kind: "max_model_calls", max: 2 }, 2)).toBe("Turn 3 should make at most 2 model calls");
    expect(conversationAssertionName({ kind: "never_falls_back" })).toBe("The conversation should never fall back");
  });
});

describe("a reply assertion's failure", () => {
  it("puts the expected text beside the whole reply, however long", () => {
    const [passed, detail] = evaluateTurnAssertion(
      { kind: "reply_contains", text: "2-day review" },
      facts(LONG_REPLY),
      {} as never,
    );
    expect(passed).toBe(false);
    expect(LONG_REPLY.length).toBeGreaterThan(400);
    expect(replyParts(detail)).toEqual({ expected: '"2-day review"', reply: JSON.stringify(LONG_REPLY) });
  });

  it("reads as its plain name, then what was expected and what the reply was", () => {
    const [, detail] = evaluateTurnAssertion(
      { kind: "reply_contains", text: "2-day review" },
      facts("We refund within a week."),
      {} as never,
    );
    const name = turnAssertionName({ kind: "reply_contains", text: "2-day review" }, 1);
    expect(failureLine({ path: "turns[1].assertions[0]", name, kind: "reply_contains", detail })).toBe(
      'Turn 2 should mention "2-day review": expected the reply to contain "2-day review", but it was "We refund within a week."',
    );
  });

  it("a pattern and a forbidden text say what they were too", () => {
    const [, matches] = evaluateTurnAssertion(
      { kind: "reply_matches", pattern: "\\d+ days" },
      facts("Soon."),
      {} as never,
    );
    expect(failureSentence({ kind: "reply_matches", detail: matches }, 0)).toBe(
      'Turn 1: expected the reply to match /\\d+ days/, but it was "Soon."',
    );
    const [, not] = evaluateTurnAssertion({ kind: "reply_not_contains", text: "soon" }, facts("Soon."), {} as never);
    expect(failureSentence({ kind: "reply_not_contains", detail: not }, 0)).toBe(
      'Turn 1: expected the reply not to contain "soon", but it was "Soon."',
    );
  });

  it("a result stored before the expected text was recorded still reads", () => {
    expect(failureSentence({ kind: "reply_contains", detail: 'reply: "Hello"' }, 0)).toBe(
      'Turn 1: expected the reply to contain the text, but it was "Hello"',
    );
  });
});
