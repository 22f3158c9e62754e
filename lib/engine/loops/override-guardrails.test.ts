import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { OverrideGuardrailsRequest } from "./loop-api";
import { createLoopTraceItem, type LoopTraceItemInput } from "./loop-trace";
import { overrideGuardrails } from "./override-guardrails";

const record = (extra: Partial<LoopTraceItemInput> = {}) =>
  createLoopTraceItem({ loop_id: "loop_001", status: "completed", timestamp: "2025-04-21T19:45:00Z", ...extra });

const referenceRequest = {
  override_fatigue: true,
  override_max_reruns: false,
  override_by: "operator",
  override_reason: "Manual override to continue exploration",
};

describe("overrideGuardrails (POST /orchestrator/override-guardrails/{loop_id})", () => {
  it("answers in the published shape and stores the override on the record", () => {
    const fatigued = record({
      reflection_fatigue: 0.6,
      force_finalize: true,
      finalize_reason: "fatigue_threshold_exceeded",
    });
    const { record: updated, response } = overrideGuardrails(fatigued, referenceRequest);
    expect(response).toEqual({
      status: "success",
      loop_id: "loop_001",
      override_fatigue: true,
      override_max_reruns: false,
      overridden_by: "operator",
      override_reason: "Manual override to continue exploration",
      force_finalize: false,
    });
    expect(updated).toMatchObject({
      override_fatigue: true,
      override_max_reruns: false,
      overridden_by: "operator",
      override_reason: "Manual override to continue exploration",
      force_finalize: false,
    });
  });

  it("requires override_reason (missing or blank) and override_by", () => {
    const { override_reason: _reason, ...withoutReason } = referenceRequest;
    expect(() => overrideGuardrails(record(), withoutReason as typeof referenceRequest)).toThrow(ZodError);
    expect(() => overrideGuardrails(record(), { ...referenceRequest, override_reason: "   " })).toThrow(
      /override_reason is required/,
    );
    expect(() => overrideGuardrails(record(), { ...referenceRequest, override_by: "" })).toThrow(ZodError);
    const parsed = OverrideGuardrailsRequest.safeParse(withoutReason);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["override_reason"]);
    expect(parsed.error?.issues[0]?.message).toMatch(/override_reason is required/);
  });

  it("an over-long override_reason says it is too long, not that it is missing", () => {
    const parsed = OverrideGuardrailsRequest.safeParse({ ...referenceRequest, override_reason: "x".repeat(1001) });
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ["override_reason"], message: "override_reason is longer than 1000 characters" }),
    ]);
    const wrongType = OverrideGuardrailsRequest.safeParse({ ...referenceRequest, override_reason: 42 });
    expect(wrongType.error?.issues[0]?.message).toMatch(/override_reason is required/);
  });

  it("keeps force_finalize while a cause is not covered", () => {
    const both = record({ rerun_count: 3, max_reruns: 3, reflection_fatigue: 0.6, force_finalize: true });
    expect(overrideGuardrails(both, referenceRequest).record.force_finalize).toBe(true);
    const lifted = overrideGuardrails(both, { ...referenceRequest, override_max_reruns: true });
    expect(lifted.record.force_finalize).toBe(false);
  });

  it("never lifts a bias echo halt", () => {
    const halted = record({ bias_echo: true, force_finalize: true, rerun_count: 3, max_reruns: 3 });
    const { record: updated } = overrideGuardrails(halted, { ...referenceRequest, override_max_reruns: true });
    expect(updated.force_finalize).toBe(true);
  });

  it("is sticky: a later override does not take back an earlier one", () => {
    const first = overrideGuardrails(record({ rerun_count: 3, max_reruns: 3, force_finalize: true }), {
      ...referenceRequest,
      override_fatigue: false,
      override_max_reruns: true,
    }).record;
    const second = overrideGuardrails(first, { ...referenceRequest, override_by: "alice" }).record;
    expect(second).toMatchObject({ override_fatigue: true, override_max_reruns: true, overridden_by: "alice" });
  });

  it("never sets force_finalize on a record that was not forced", () => {
    expect(overrideGuardrails(record(), referenceRequest).record.force_finalize).toBe(false);
  });
});
