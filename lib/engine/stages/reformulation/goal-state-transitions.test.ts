import { describe, expect, it } from "vitest";
import type { ReformulationCandidate } from "../../contracts/goal-state";
import {
  GOAL_HISTORY_MAX,
  goalProvenance,
  originalGoalFromTurn,
  readGoalState,
  withCandidateRecorded,
  withOriginalRestored,
  withTurnGoal,
} from "./goal-state-transitions";
import { validateReformulation } from "./validate-reformulation";

const ORIGINAL = "What happened in crypto markets today?";
const accepted: ReformulationCandidate = {
  reformulated: "What happened in top 5 cryptocurrency markets in the past 24 hours?",
  type: "scope_narrowing",
  confidence: 0.92,
  evidence: [{ id: "ev-1", text: "Market availability data shows only top 5 have reliable feeds" }],
};
const rejected: ReformulationCandidate = { ...accepted, confidence: 0.5 };
const verdictOf = (c: ReformulationCandidate) => validateReformulation({ original: ORIGINAL, ...c });
const record = (goal: ReturnType<typeof readGoalState>, c: ReformulationCandidate, id: string) =>
  withCandidateRecorded(goal, { candidate: c, verdict: verdictOf(c), turnIndex: 1, ledgerEventId: id, source: "api" });

describe("originalGoalFromTurn", () => {
  it("sets the original from the first clear request and never overwrites it", () => {
    const first = originalGoalFromTurn({}, `  ${ORIGINAL} `, "answered", 0);
    expect(first.original).toEqual({ text: ORIGINAL, set_at_turn: 0 });
    const second = originalGoalFromTurn(first, "And Bitcoin?", "answered", 1);
    expect(second.original).toEqual({ text: ORIGINAL, set_at_turn: 0 });
  });

  it("skips ambiguous, failed and non-request turns", () => {
    expect(originalGoalFromTurn({}, ORIGINAL, "clarified", 0).original).toBeNull();
    expect(originalGoalFromTurn({}, ORIGINAL, "fallback", 0).original).toBeNull();
    expect(originalGoalFromTurn({}, ORIGINAL, "error", 0).original).toBeNull();
    expect(originalGoalFromTurn({}, "Hi! Thanks", "answered", 0).original).toBeNull();
    expect(originalGoalFromTurn({}, ORIGINAL, "regenerated", 3).original).toEqual({ text: ORIGINAL, set_at_turn: 3 });
  });
});

describe("goal state transitions", () => {
  const start = originalGoalFromTurn({}, ORIGINAL, "answered", 0);

  it("an accepted candidate becomes the one active reformulation; the original stays", () => {
    const goal = record(start, accepted, "led-1");
    expect(goal.original?.text).toBe(ORIGINAL);
    expect(goal.active_reformulation).toMatchObject({
      text: accepted.reformulated,
      evidence_ids: ["ev-1"],
      ledger_event_id: "led-1",
      accepted_at_turn: 1,
    });
    expect(goalProvenance(goal)).toEqual({
      original: ORIGINAL,
      active_reformulation: accepted.reformulated,
      evidence_ids: ["ev-1"],
    });
  });

  it("a rejected candidate is history with its code and leaves the active one alone", () => {
    const goal = record(record(start, accepted, "led-1"), rejected, "led-2");
    expect(goal.active_reformulation?.ledger_event_id).toBe("led-1");
    expect(goal.history.map((h) => [h.status, h.code])).toEqual([
      ["active", null],
      ["rejected", "DTL-STRAT-007"],
    ]);
  });

  it("a second accepted candidate supersedes the first", () => {
    const goal = record(record(start, accepted, "led-1"), accepted, "led-2");
    expect(goal.history.map((h) => h.status)).toEqual(["superseded", "active"]);
    expect(goal.active_reformulation?.ledger_event_id).toBe("led-2");
  });

  it("restoring discards the active reformulation: provenance shows the original alone", () => {
    const goal = withOriginalRestored(record(start, accepted, "led-1"));
    expect(goal.active_reformulation).toBeNull();
    expect(goal.history.map((h) => h.status)).toEqual(["restored"]);
    expect(goalProvenance(goal)).toEqual({ original: ORIGINAL, active_reformulation: null, evidence_ids: [] });
  });

  it(`keeps the newest ${GOAL_HISTORY_MAX} candidates`, () => {
    let goal = start;
    for (let i = 0; i < GOAL_HISTORY_MAX + 5; i++) goal = record(goal, rejected, `led-${i}`);
    expect(goal.history).toHaveLength(GOAL_HISTORY_MAX);
    expect(goal.history[0]?.ledger_event_id).toBe("led-5");
  });

  it("reads a new session's {} and drops unreadable parts", () => {
    expect(readGoalState({})).toEqual({ original: null, active_reformulation: null, history: [] });
    expect(readGoalState({ original: "Plain text", history: [{ nonsense: true }] })).toEqual({
      original: { text: "Plain text", set_at_turn: 0 },
      active_reformulation: null,
      history: [],
    });
    expect(goalProvenance(null)).toEqual({ original: null, active_reformulation: null, evidence_ids: [] });
  });
});

describe("withTurnGoal (what a turn's commit stores)", () => {
  const withOriginal = originalGoalFromTurn({}, ORIGINAL, "answered", 0);

  it("keeps what was committed while the turn ran: a restore is not undone by the goal the turn loaded", () => {
    const loaded = record(withOriginal, accepted, "ev-accepted");
    const committed = withOriginalRestored(loaded);
    expect(withTurnGoal(committed, loaded)).toEqual(committed);
  });

  it("keeps a reformulation accepted while the turn ran", () => {
    const committed = record(withOriginal, accepted, "ev-accepted");
    expect(withTurnGoal(committed, withOriginal)).toEqual(committed);
  });

  it("adds the original the turn set when the committed goal has none, and never replaces one", () => {
    expect(withTurnGoal({}, withOriginal)).toEqual(withOriginal);
    const other = originalGoalFromTurn({}, "Summarize Apple earnings", "answered", 0);
    expect(withTurnGoal(withOriginal, other).original).toEqual(withOriginal.original);
    expect(withTurnGoal({}, {})).toEqual({ original: null, active_reformulation: null, history: [] });
  });
});
