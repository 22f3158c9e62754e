import { describe, expect, it } from "vitest";
import { turnLoopBadge, turnLoopOutcome } from "./turn-loop-outcome";

const root = { decision: "rerun" as const, finalizeReason: null, rerunDepth: 0, biasTags: ["violation:max-refund"] };
const passed = { decision: "finalize" as const, finalizeReason: "thresholds_met", rerunDepth: 1, biasTags: [] };

describe("turnLoopOutcome", () => {
  it("reads a successful rewrite as green, naming the rule it satisfied", () => {
    expect(turnLoopOutcome([passed, root])).toEqual({
      tone: "success",
      title: "Rewritten once to satisfy max-refund",
      badge: "rewrite passed",
    });
    expect(turnLoopBadge(passed)).toEqual({ tone: "success", badge: "rewrite passed" });
    expect(turnLoopBadge(root)).toEqual({ tone: "neutral", badge: "rewritten" });
  });

  it("says when the rewrites ran out and the fallback answered, in amber", () => {
    const stopped = { ...passed, finalizeReason: "rerun_limit_reached", biasTags: ["violation:max-refund"] };
    expect(turnLoopOutcome([root, stopped])).toEqual({
      tone: "warning",
      title: "Rewritten once without satisfying max-refund: the safe fallback answered",
      badge: "fallback answered",
    });
  });

  it("reads a first draft that passed as checked", () => {
    expect(turnLoopOutcome([{ ...passed, rerunDepth: 0 }]).title).toBe("The reply passed every check");
  });
});
