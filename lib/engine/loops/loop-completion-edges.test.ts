import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { resolveAgentSettings } from "../contracts/agent-settings";
import { complete, REFERENCE_NOW, REFERENCE_REFLECTION } from "./completion-fixtures";
import { DEFAULT_GUARDRAIL_CONFIG } from "./config";
import { createLoopTraceItem } from "./loop-trace";
import { overrideGuardrails } from "./override-guardrails";
import { applyLoopCompletion, emptyLoopGuardrailState, processLoopCompletion } from "./process-loop-completion";

const tagged = (...tags: string[]) => ({
  reflection: { ...REFERENCE_REFLECTION, bias_tags: tags.map((tag) => ({ tag })) },
});

describe("processLoopCompletion — bias echo over the global history", () => {
  it("halts the third loop to flag a tag, even across two loop families (threshold 3)", () => {
    let state = emptyLoopGuardrailState();
    const a = complete(state, "loop_a", tagged("confirmation_bias"));
    expect(a.outcome.response.reflection_result).toMatchObject({
      bias_echo: false,
      repeated_tags: [],
      repetition_counts: { confirmation_bias: 1 },
    });
    state = a.state;

    // Another family: its own records, the same global bias counts.
    const b = complete({ family: [], biasHistory: state.biasHistory }, "loop_b", tagged("confirmation_bias"));
    expect(b.outcome.response.reflection_result.repetition_counts).toEqual({ confirmation_bias: 2 });
    expect(b.outcome.response.decision_result.decision).toBe("rerun");
    state = { family: state.family, biasHistory: b.outcome.biasHistory };

    const third = complete(state, "loop_a_r1", tagged("confirmation_bias", "anchoring"));
    expect(third.outcome.response.reflection_result).toMatchObject({
      bias_echo: true,
      repeated_tags: ["confirmation_bias"],
      repetition_counts: { confirmation_bias: 3, anchoring: 1 },
    });
    expect(third.outcome.response.decision_result).toMatchObject({
      decision: "halt",
      finalize_reason: "bias_echo_detected",
      action: "halt_loop",
      repeated_tags: ["confirmation_bias"],
      force_finalize: true,
    });
    expect(third.outcome.guardrails.bias).toMatchObject({ trigger: "pessimist", action: "halt_loop", threshold: 3 });
    expect(third.outcome.record).toMatchObject({
      bias_echo: true,
      repeated_tags: ["confirmation_bias"],
      force_finalize: true,
    });
    expect(third.outcome.newRecord).toBeNull();
    expect(third.outcome.biasHistory).toEqual({ confirmation_bias: 3, anchoring: 1 });
  });

  it("omits repeated_tags/repetition_counts and leaves the history alone when there are no tags", () => {
    const { outcome } = complete({ family: [], biasHistory: { anchoring: 2 } }, "loop_001");
    expect(outcome.response.reflection_result).not.toHaveProperty("repeated_tags");
    expect(outcome.response.reflection_result).not.toHaveProperty("repetition_counts");
    expect(outcome.biasHistory).toEqual({ anchoring: 2 });
    expect(outcome.guardrails.bias).toBeNull();
  });

  it("completing the same loop again replaces its tags instead of counting them twice", () => {
    const first = complete(emptyLoopGuardrailState(), "loop_001", tagged("anchoring"));
    const again = complete(first.state, "loop_001", tagged("anchoring"));
    expect(again.outcome.biasHistory).toEqual({ anchoring: 1 });
    const dropped = complete(first.state, "loop_001");
    expect(dropped.outcome.biasHistory).toEqual({});
  });
});

describe("processLoopCompletion — request handling", () => {
  it("answers reflection_status ≠ 'done' with the published error body and needs no reflection", () => {
    const outcome = processLoopCompletion(
      { loop_id: "loop_001", reflection_status: "pending" },
      emptyLoopGuardrailState(),
      DEFAULT_GUARDRAIL_CONFIG,
      REFERENCE_NOW,
    );
    expect(outcome).toEqual({
      ok: false,
      response: { status: "error", message: "Invalid reflection status. Must be 'done'.", loop_id: "loop_001" },
    });
    const state = emptyLoopGuardrailState();
    expect(applyLoopCompletion(state, outcome)).toBe(state);
  });

  it("throws a ZodError for a 'done' completion without a reflection or with a bad loop_id", () => {
    const run = (input: Record<string, unknown>) => () =>
      processLoopCompletion(
        input as { loop_id: string; reflection_status: string },
        emptyLoopGuardrailState(),
        DEFAULT_GUARDRAIL_CONFIG,
        REFERENCE_NOW,
      );
    expect(run({ loop_id: "loop_001", reflection_status: "done" })).toThrow(ZodError);
    expect(run({ loop_id: "../etc", reflection_status: "done", reflection: REFERENCE_REFLECTION })).toThrow(ZodError);
  });

  it("falls back to the reflection persona when the request names no orchestrator persona", () => {
    const { outcome } = complete(emptyLoopGuardrailState(), "loop_001", {
      request: { orchestrator_persona: null },
      reflection: { ...REFERENCE_REFLECTION, reflection_persona: "CRITIC" },
    });
    expect(outcome.response.orchestrator_persona).toBe("CRITIC");
  });

  it("finalizes with thresholds_met when alignment ≥ 0.75 and drift ≤ 0.25", () => {
    const { outcome } = complete(emptyLoopGuardrailState(), "loop_001", {
      reflection: { ...REFERENCE_REFLECTION, alignment_score: 0.75, drift_score: 0.25 },
    });
    expect(outcome.response.decision_result).toMatchObject({
      decision: "finalize",
      finalize_reason: "thresholds_met",
      force_finalize: false,
    });
    expect(outcome.record).toMatchObject({ rerun_count: 0, rerun_reason: null, force_finalize: false });
  });

  it("creates the record of a rerun id never seen, with its lineage read off the id", () => {
    const { outcome } = complete(emptyLoopGuardrailState(), "loop_009_r2");
    expect(outcome.record).toMatchObject({ rerun_of: "loop_009_r1", rerun_depth: 2, rerun_count: 3 });
    expect(outcome.response.decision_result).toMatchObject({ new_loop_id: "loop_009_r3", rerun_number: 3 });
    expect(outcome.newRecord).toMatchObject({ rerun_of: "loop_009_r2", rerun_depth: 3 });
  });

  it("ignores records of other families in the state", () => {
    const other = createLoopTraceItem({
      loop_id: "loop_002_r3",
      status: "completed",
      timestamp: REFERENCE_NOW,
      rerun_count: 3,
    });
    const { outcome } = complete({ family: [other], biasHistory: {} }, "loop_001");
    expect(outcome.response.decision_result).toMatchObject({ new_loop_id: "loop_001_r1" });
  });

  it("honours an override stored by the override endpoint when the loop is completed again", () => {
    let state = emptyLoopGuardrailState();
    for (const id of ["loop_001", "loop_001_r1", "loop_001_r2"]) state = complete(state, id).state;
    state = complete(state, "loop_001_r3", tagged("x")).state;
    const finalized = state.family.find((r) => r.loop_id === "loop_001_r3");
    expect(finalized?.finalize_reason).toBe("rerun_limit_reached");
    if (!finalized) return;

    const { record } = overrideGuardrails(finalized, {
      override_max_reruns: true,
      override_by: "operator",
      override_reason: "Manual override to continue exploration",
    });
    expect(record.force_finalize).toBe(false);

    const reposted = {
      family: state.family.map((r) => (r.loop_id === record.loop_id ? record : r)),
      biasHistory: state.biasHistory,
    };
    const { outcome } = complete(reposted, "loop_001_r3", tagged("x"));
    expect(outcome.response.decision_result).toMatchObject({
      decision: "rerun",
      new_loop_id: "loop_001_r4",
      overridden_by: "operator",
    });
    // The re-post replaces loop_001_r3's earlier tag instead of counting it a second time.
    expect(state.biasHistory).toEqual({ x: 1 });
    expect(outcome.biasHistory).toEqual({ x: 1 });
  });

  it("takes an agent's resolved settings as the config of an external loop (max_reruns 3)", () => {
    const settings = resolveAgentSettings({ rerun: { alignment_threshold: 0.7 } });
    const { outcome } = complete(emptyLoopGuardrailState(), "loop_001", { config: settings });
    expect(outcome.response.decision_result).toMatchObject({
      decision: "rerun",
      rerun_reason: "drift_threshold_exceeded",
      rerun_trigger: ["drift"],
      max_reruns: 3,
    });
  });

  it("rejects an invalid clock value", () => {
    expect(() =>
      processLoopCompletion(
        { loop_id: "loop_001", reflection_status: "done", reflection: REFERENCE_REFLECTION },
        emptyLoopGuardrailState(),
        DEFAULT_GUARDRAIL_CONFIG,
        new Date(Number.NaN),
      ),
    ).toThrow(RangeError);
  });
});
