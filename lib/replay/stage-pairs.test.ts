import { describe, expect, it } from "vitest";
import { pairStages } from "./stage-pairs";

const stage = (name: string, decision: string, status = "ok") => ({ name, status, decision });

describe("pairStages", () => {
  it("pairs by name and occurrence, marks what changed, and lists stages only the replay ran", () => {
    const stored = [stage("sensor", "intent refund"), stage("enforcement", "1 failed"), stage("regeneration", "once")];
    const replayed = [stage("sensor", "intent refund"), stage("enforcement", "all passed")];
    expect(pairStages(stored, replayed)).toEqual([
      { key: "sensor#1", name: "sensor", before: stored[0], after: replayed[0], same: true },
      { key: "enforcement#1", name: "enforcement", before: stored[1], after: replayed[1], same: false },
      { key: "regeneration#1", name: "regeneration", before: stored[2], after: null, same: false },
    ]);
    expect(pairStages([], [stage("tools", "none")])).toEqual([
      { key: "tools#1", name: "tools", before: null, after: stage("tools", "none"), same: false },
    ]);
  });
});
