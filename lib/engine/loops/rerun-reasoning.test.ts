import { describe, expect, it } from "vitest";
import { createLoopTraceItem } from "./loop-trace";
import { applyRerunReasoning, logRerunReasoning } from "./rerun-reasoning";

describe("logRerunReasoning (rerun reasoning)", () => {
  it("defaults the detail to 'Triggered by a, b' and normalises the caller's time", () => {
    expect(
      logRerunReasoning({
        rerunTrigger: ["alignment", "drift"],
        rerunReason: "alignment_threshold_not_met",
        reflectionPersona: "SAGE",
        timestamp: new Date(Date.UTC(2025, 3, 21, 19, 45)),
      }),
    ).toEqual({
      rerun_trigger: ["alignment", "drift"],
      rerun_reason: "alignment_threshold_not_met",
      rerun_reason_detail: "Triggered by alignment, drift",
      timestamp: "2025-04-21T19:45:00.000Z",
      reflection_persona: "SAGE",
    });
  });

  it("adds overridden_by only when someone overrode, and keeps a given detail", () => {
    const reasoning = logRerunReasoning({
      rerunTrigger: ["drift"],
      rerunReason: "drift_threshold_exceeded",
      detail: "drift 0.31 > 0.25",
      overriddenBy: "operator",
      timestamp: "2025-04-21T19:45:00Z",
    });
    expect(reasoning.rerun_reason_detail).toBe("drift 0.31 > 0.25");
    expect(reasoning.overridden_by).toBe("operator");
    expect(reasoning.reflection_persona).toBeNull();
    expect("overridden_by" in logRerunReasoning({ rerunTrigger: [], rerunReason: "x", timestamp: "2025-01-01" })).toBe(
      false,
    );
  });

  it("rejects an invalid time", () => {
    expect(() => logRerunReasoning({ rerunTrigger: [], rerunReason: "x", timestamp: "soon" })).toThrow(RangeError);
  });

  it("writes the reasoning onto a record, keeping persona and override when the reasoning has none", () => {
    const record = createLoopTraceItem({
      loop_id: "loop_001",
      status: "completed",
      timestamp: "2025-04-21T19:45:00Z",
      overridden_by: "alice",
      reflection_persona: "SAGE",
    });
    const updated = applyRerunReasoning(
      record,
      logRerunReasoning({
        rerunTrigger: ["alignment"],
        rerunReason: "alignment_threshold_not_met",
        timestamp: "2025-04-21",
      }),
    );
    expect(updated).toMatchObject({
      rerun_trigger: ["alignment"],
      rerun_reason: "alignment_threshold_not_met",
      rerun_reason_detail: "Triggered by alignment",
      overridden_by: "alice",
      reflection_persona: "SAGE",
    });
  });
});
