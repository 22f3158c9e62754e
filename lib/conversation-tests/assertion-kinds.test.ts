import { describe, expect, it } from "vitest";
import { ConversationAssertion, TurnAssertion } from "@/lib/engine/contracts/test-case";
import {
  CONVERSATION_KIND_LABELS,
  type ConversationKind,
  describeAssertion,
  kindLabel,
  newConversationAssertion,
  newTurnAssertion,
  TURN_KIND_LABELS,
  type TurnKind,
} from "./assertion-kinds";

describe("assertion-kinds", () => {
  it("starts every kind as a value of that kind", () => {
    const firsts = { rule: "max-refund", step: "refund/offer", scenario: "refund" };
    for (const kind of Object.keys(TURN_KIND_LABELS) as TurnKind[]) {
      const fresh = newTurnAssertion(kind, firsts);
      expect(fresh.kind).toBe(kind);
      // Text kinds start empty (the designer types); the rest are valid at once.
      if (!["reply_contains", "reply_not_contains", "reply_matches", "cel", "cites"].includes(kind)) {
        expect(TurnAssertion.safeParse(fresh).success).toBe(true);
      }
    }
    for (const kind of Object.keys(CONVERSATION_KIND_LABELS) as ConversationKind[]) {
      expect(ConversationAssertion.safeParse(newConversationAssertion(kind, "refund/offer")).success).toBe(true);
    }
  });

  it("describes assertions in words", () => {
    expect(describeAssertion({ kind: "outcome_is", outcome: "regenerated" })).toBe("Outcome is regenerated");
    expect(describeAssertion({ kind: "scenario_is", scenario: null })).toBe("Scenario is none");
    expect(describeAssertion({ kind: "rule_violated", rule: "max-refund" })).toBe("Rule violation caught: max-refund");
    expect(describeAssertion({ kind: "reply_contains", text: "$50" })).toBe("Reply contains “$50”");
    expect(describeAssertion({ kind: "max_model_calls", max: 1 })).toBe("At most 1 model call");
    expect(describeAssertion({ kind: "never_ships_lane1_failure" })).toBe(
      "Never ships a reply that breaks a hard rule",
    );
  });
});

describe("kindLabel", () => {
  it("words a report's kind as the editor does, and keeps unknown kinds", () => {
    expect(kindLabel("rule_violated")).toBe("Rule violation caught");
    expect(kindLabel("never_falls_back")).toBe("Never falls back");
    expect(kindLabel("something_new")).toBe("something_new");
  });
});
