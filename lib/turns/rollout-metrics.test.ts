import { describe, expect, it } from "vitest";
import { ContinuitySettings } from "@/lib/engine/contracts/agent-settings";
import { compareRollout, computeRolloutMetrics, type RolloutTurn } from "./rollout-metrics";

const turn = (over: Partial<RolloutTurn>): RolloutTurn => ({
  sessionId: "s",
  turnIndex: 0,
  userMessage: "hello",
  outcome: "answered",
  latencyMs: 10,
  routed: true,
  continuity: null,
  ...over,
});

describe("continuity rollback metrics", () => {
  it("computes each metric from stored turns", () => {
    const m = computeRolloutMetrics([
      turn({ turnIndex: 0, continuity: { winner: { id: "sample2" }, reasons: ["deterministic_continuity_resolve"] } }),
      turn({ turnIndex: 1, userMessage: "no, the other one" }),
      turn({ sessionId: "t", turnIndex: 0, continuity: { winner: { id: "a" } } }),
      turn({ sessionId: "t", turnIndex: 1, outcome: "clarified", latencyMs: 400 }),
      turn({
        sessionId: "u",
        continuity: { reasons: ["llm_need_more_info", "continuity_enrichment_fingerprint_unchanged"] },
      }),
      turn({ sessionId: "v", continuity: { reasons: ["llm_need_more_info", "continuity_enrichment_retry_called"] } }),
    ]);
    expect(m).toMatchObject({
      turns: 6,
      resolved: 2,
      wrongActionRate: 0.5,
      unchangedFingerprintRetryRate: 0.5,
      p95RoutedLatencyMs: 400,
    });
    expect(m.clarifierRate).toBeCloseTo(1 / 6);
  });

  it("marks each threshold crossed exactly past the rollback thresholds", () => {
    const t = ContinuitySettings.defaults;
    const base = {
      turns: 100,
      resolved: 100,
      wrongActionRate: 0.01,
      clarifierRate: 0.2,
      p95RoutedLatencyMs: 100,
      unchangedFingerprintRetryRate: 0,
    };
    const at = compareRollout(
      {
        ...base,
        wrongActionRate: 0.015,
        clarifierRate: 0.22,
        p95RoutedLatencyMs: 350,
        unchangedFingerprintRetryRate: 0.02,
      },
      base,
      t,
    );
    expect(at.map((c) => c.crossed)).toEqual([false, false, false, false]);
    const over = compareRollout(
      {
        ...base,
        wrongActionRate: 0.016,
        clarifierRate: 0.221,
        p95RoutedLatencyMs: 351,
        unchangedFingerprintRetryRate: 0.021,
      },
      base,
      t,
    );
    expect(over.map((c) => c.crossed)).toEqual([true, true, true, true]);
  });
});
