import { describe, expect, it } from "vitest";
import { complete } from "./completion-fixtures";
import { DEFAULT_GUARDRAIL_CONFIG } from "./config";
import { getGuardrailsStatus } from "./guardrails-status";
import { emptyLoopGuardrailState } from "./process-loop-completion";

describe("getGuardrailsStatus (GET /orchestrator/guardrails-status/{loop_id})", () => {
  it("returns the published body for loop_001 after its first completion", () => {
    const { outcome } = complete(emptyLoopGuardrailState(), "loop_001");
    expect(getGuardrailsStatus(outcome.record, DEFAULT_GUARDRAIL_CONFIG)).toEqual({
      status: "success",
      guardrails_status: {
        loop_id: "loop_001",
        rerun_count: 1,
        max_reruns: 3,
        rerun_limit_reached: false,
        bias_echo: false,
        // 0, not 0.15: a first loop has no previous one to accrue from (README "Where the rules and the examples disagree").
        reflection_fatigue: 0,
        fatigue_threshold_exceeded: false,
        force_finalize: false,
        rerun_reason: "alignment_threshold_not_met",
        rerun_trigger: ["alignment", "drift"],
        alignment_score: 0.72,
        drift_score: 0.28,
        summary_valid: true,
        reflection_persona: "SAGE",
      },
    });
  });

  it("shows the 0.15 of a non-improving rerun on loop_001_r1", () => {
    const first = complete(emptyLoopGuardrailState(), "loop_001");
    const { outcome } = complete(first.state, "loop_001_r1");
    expect(getGuardrailsStatus(outcome.record, DEFAULT_GUARDRAIL_CONFIG).guardrails_status).toMatchObject({
      loop_id: "loop_001_r1",
      rerun_count: 2,
      reflection_fatigue: 0.15,
      fatigue_threshold_exceeded: false,
      rerun_reason: "alignment_threshold_not_met",
    });
  });

  it("reports the family's current count when given the family", () => {
    let state = emptyLoopGuardrailState();
    for (const id of ["loop_001", "loop_001_r1", "loop_001_r2"]) state = complete(state, id).state;
    const root = state.family.find((r) => r.loop_id === "loop_001");
    if (!root) throw new Error("loop_001 missing");
    expect(getGuardrailsStatus(root, DEFAULT_GUARDRAIL_CONFIG).guardrails_status.rerun_count).toBe(1);
    expect(getGuardrailsStatus(root, DEFAULT_GUARDRAIL_CONFIG, state.family).guardrails_status).toMatchObject({
      rerun_count: 3,
      rerun_limit_reached: true,
    });
  });

  it("flags fatigue at the threshold and a pending rerun's null scores", () => {
    const { outcome } = complete(emptyLoopGuardrailState(), "loop_001");
    const pending = outcome.newRecord;
    if (!pending) throw new Error("no rerun");
    const status = getGuardrailsStatus({ ...pending, reflection_fatigue: 0.5 }, DEFAULT_GUARDRAIL_CONFIG);
    expect(status.guardrails_status).toMatchObject({
      loop_id: "loop_001_r1",
      fatigue_threshold_exceeded: true,
      alignment_score: null,
      drift_score: null,
      summary_valid: null,
      reflection_persona: null,
    });
  });
});
