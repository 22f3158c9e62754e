import { describe, expect, it } from "vitest";
import { changedHeadline, groupImpact, previewCountsText, progressText, turnStatusText } from "./impact-groups";
import type { ReportTurn } from "./replay-types";

function turn(id: string, over: Partial<ReportTurn>): ReportTurn {
  return {
    turnId: id,
    turnIndex: 0,
    sessionId: "s1",
    status: "changed",
    diverged: false,
    divergences: [],
    before: {} as ReportTurn["before"],
    after: null,
    diff: null,
    note: null,
    ...over,
  };
}

describe("impact groups", () => {
  const changed = turn("t1", {
    diff: {
      same: false,
      changed: ["outcome"],
      outcome: { before: "regenerated", after: "answered" },
      newly_blocked: false,
      newly_unblocked: true,
    },
  });
  const blocked = turn("t2", {
    diverged: true,
    diff: {
      same: false,
      changed: ["outcome"],
      outcome: { before: "answered", after: "regenerated" },
      newly_blocked: true,
      newly_unblocked: false,
    },
  });
  const lost = turn("t3", { status: "not_replayable", note: "no tape" });

  it("groups outcome changes, newly blocked, rules, not replayable and diverged turns", () => {
    const groups = groupImpact({
      turns: [changed, blocked, lost],
      rules_started: { "max-refund": 1, "a-rule": 1, tone: 3 },
      rules_stopped: {},
    });
    expect(groups.changed.map((t) => t.turnId)).toEqual(["t1", "t2"]);
    expect(groups.outcomeChanges.map((t) => t.turnId)).toEqual(["t1", "t2"]);
    expect(groups.outcomeShifts).toEqual([
      { before: "answered", after: "regenerated", turns: 1 },
      { before: "regenerated", after: "answered", turns: 1 },
    ]);
    expect(groups.newlyBlocked.map((t) => t.turnId)).toEqual(["t2"]);
    expect(groups.rulesStarted.map((r) => r.key)).toEqual(["tone", "a-rule", "max-refund"]);
    expect(groups.notReplayable.map((t) => t.turnId)).toEqual(["t3"]);
    expect(groups.diverged.map((t) => t.turnId)).toEqual(["t2"]);
  });

  it("says counts in words", () => {
    expect(changedHeadline({ changed: 1, turns: 12 })).toBe("1 of 12 turns would change");
    expect(changedHeadline({ changed: 0, turns: 1 })).toBe("0 of 1 turn would change");
    expect(progressText(null)).toBe("Replaying…");
    expect(progressText({ done: 40, total: 200 })).toBe("Replaying 40 of 200 sessions…");
    expect(turnStatusText(blocked)).toBe("changed · the model's answer differed from the recorded one");
    expect(turnStatusText(lost)).toBe("not replayable");
    expect(previewCountsText({ turns: 12, changed: 1, outcome_changes: 1, newly_blocked: 0, not_replayable: 0 })).toBe(
      "Previewed: 1 of 12 turns changed (1 outcome change, 0 newly blocked)",
    );
    expect(previewCountsText({ turns: 3, changed: 0, outcome_changes: 2, newly_blocked: 1, not_replayable: 2 })).toBe(
      "Previewed: 0 of 3 turns changed (2 outcome changes, 1 newly blocked, 2 not replayable)",
    );
  });
});
