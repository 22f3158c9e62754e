import { describe, expect, it } from "vitest";
import { createLoopTraceItem, LoopTraceItem, Reflection } from "./loop-trace";

describe("LoopTraceItem", () => {
  it("fills every field with its default", () => {
    const item = createLoopTraceItem({ loop_id: "loop_001", status: "pending", timestamp: "2025-04-21T19:45:00Z" });
    expect(item).toEqual({
      loop_id: "loop_001",
      status: "pending",
      timestamp: "2025-04-21T19:45:00Z",
      rerun_of: null,
      rerun_depth: null,
      rerun_count: 0,
      max_reruns: 3,
      bias_echo: false,
      repeated_tags: null,
      reflection_fatigue: 0,
      fatigue_increased: false,
      rerun_reason: null,
      rerun_reason_detail: null,
      rerun_trigger: null,
      force_finalize: false,
      overridden_by: null,
      orchestrator_persona: null,
      reflection_persona: null,
      alignment_score: null,
      drift_score: null,
      summary_valid: null,
      bias_tags: [],
      decision: null,
      finalize_reason: null,
      override_fatigue: false,
      override_max_reruns: false,
      override_reason: null,
    });
  });

  it("rejects ids that cannot travel in a URL path and scores outside [0, 1]", () => {
    const base = { status: "pending", timestamp: "2025-04-21T19:45:00Z" };
    expect(LoopTraceItem.safeParse({ ...base, loop_id: "a/b" }).success).toBe(false);
    expect(LoopTraceItem.safeParse({ ...base, loop_id: "a", reflection_fatigue: 1.2 }).success).toBe(false);
    expect(LoopTraceItem.safeParse({ ...base, loop_id: "a", timestamp: "yesterday" }).success).toBe(false);
  });
});

describe("Reflection", () => {
  it("keeps extra keys on bias tags and defaults bias_tags to []", () => {
    const parsed = Reflection.parse({
      alignment_score: 0.72,
      drift_score: 0.28,
      summary_valid: true,
      bias_tags: [{ tag: "confirmation_bias", severity: "high" }],
    });
    expect(parsed.bias_tags).toEqual([{ tag: "confirmation_bias", severity: "high" }]);
    expect(Reflection.parse({ alignment_score: 1, drift_score: 0, summary_valid: true }).bias_tags).toEqual([]);
  });
});
