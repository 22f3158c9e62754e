import { describe, expect, it } from "vitest";
import { diffDecisions } from "./decision-diff";
import type { KnowledgeDecision, TurnDecisions } from "./turn-decisions";

const turn = (knowledge: KnowledgeDecision | null): TurnDecisions => ({
  outcome: "answered",
  response: "Standard shipping takes 3 to 5 business days.",
  scenario: null,
  step: null,
  rules_fired: [],
  rules_violated: [],
  checks: {},
  tools: [],
  model_calls: 0,
  regenerations: 0,
  fallback_reason: null,
  knowledge,
});

const shipping = { passage_id: "a".repeat(64), source_title: "Store policies" };
const returns = { passage_id: "b".repeat(64), source_title: "Store policies" };

describe("diffDecisions on knowledge", () => {
  it("is the same when the same passages answer, cited alike", () => {
    const k = { used: [shipping, returns], cited: [shipping.passage_id], abstained: false };
    expect(diffDecisions(turn(k), turn({ ...k, used: [...k.used] })).same).toBe(true);
    expect(diffDecisions(turn(null), turn(null)).same).toBe(true);
  });

  it("names the passages only one side used, and an abstention that started", () => {
    const before = turn({ used: [shipping, returns], cited: [shipping.passage_id], abstained: false });
    const after = turn({ used: [], cited: [], abstained: true });
    const diff = diffDecisions(before, after);
    expect(diff.changed).toEqual(["knowledge"]);
    expect(diff.knowledge).toEqual({
      started: [],
      stopped: [shipping, returns],
      abstained: { before: false, after: true },
    });
  });

  it("counts a changed citation or order as a change, and knowledge the replay gained", () => {
    const used = [shipping, returns];
    expect(
      diffDecisions(
        turn({ used, cited: [shipping.passage_id], abstained: false }),
        turn({ used, cited: [returns.passage_id], abstained: false }),
      ).changed,
    ).toEqual(["knowledge"]);
    expect(
      diffDecisions(turn(null), turn({ used: [shipping], cited: [], abstained: false })).knowledge?.started,
    ).toEqual([shipping]);
  });
});
