import { z } from "zod";
import { FINALIZE_REASONS, INVALID_REFLECTION_STATUS_MESSAGE, RERUN_REASONS, RERUN_TRIGGERS } from "@/lib/engine/loops";

// Response bodies of the orchestrator loop endpoints, for the OpenAPI document. Strict: lib/loops/loop-openapi-paths.test.ts
// parses the pure module's real responses with them, so a key added there and not here fails a test.

const score = z.number().min(0).max(1);
const rerunReason = z.enum(RERUN_REASONS);

const ReflectionResultBody = z.strictObject({
  alignment_score: score,
  drift_score: score,
  summary_valid: z.boolean(),
  reflection_persona: z.string().nullable(),
  bias_echo: z.boolean(),
  reflection_fatigue: score,
  repeated_tags: z.array(z.string()).optional().describe("Present when the reflection carried bias tags"),
  repetition_counts: z.record(z.string(), z.number().int()).optional(),
});

const decisionBase = {
  original_loop_id: z.string().describe("The family root: loop_001 for loop_001, loop_001_r1, …"),
  rerun_count: z.number().int(),
  max_reruns: z.number().int(),
  rerun_trigger: z.array(z.enum(RERUN_TRIGGERS)),
  overridden_by: z.string().nullable(),
};

const DecisionResultBody = z.discriminatedUnion("decision", [
  z.strictObject({
    decision: z.literal("rerun"),
    ...decisionBase,
    new_loop_id: z.string().describe("{original_loop_id}_r{rerun_number}"),
    rerun_reason: rerunReason,
    rerun_number: z.number().int().min(1),
    rerun_of: z.string(),
    rerun_reason_detail: z.string(),
  }),
  z.strictObject({
    decision: z.literal("finalize"),
    ...decisionBase,
    finalize_reason: z.enum(FINALIZE_REASONS).exclude(["bias_echo_detected"]),
    force_finalize: z.boolean(),
    rerun_reason: rerunReason.nullable(),
  }),
  z.strictObject({
    decision: z.literal("halt"),
    ...decisionBase,
    finalize_reason: z.literal("bias_echo_detected"),
    force_finalize: z.literal(true),
    action: z.literal("halt_loop"),
    repeated_tags: z.array(z.string()),
    rerun_reason: rerunReason.nullable(),
  }),
]);

export const LoopCompleteResponseBody = z.strictObject({
  status: z.literal("success"),
  loop_id: z.string(),
  reflection_result: ReflectionResultBody,
  decision_result: DecisionResultBody,
  orchestrator_persona: z.string().nullable(),
  timestamp: z.iso.datetime(),
});

export const LoopCompleteErrorBody = z.strictObject({
  status: z.literal("error"),
  message: z.literal(INVALID_REFLECTION_STATUS_MESSAGE),
  loop_id: z.string(),
});

export const GuardrailsStatusBody = z.strictObject({
  status: z.literal("success"),
  guardrails_status: z.strictObject({
    loop_id: z.string(),
    rerun_count: z.number().int(),
    max_reruns: z.number().int(),
    rerun_limit_reached: z.boolean(),
    bias_echo: z.boolean(),
    reflection_fatigue: score,
    fatigue_threshold_exceeded: z.boolean(),
    force_finalize: z.boolean(),
    rerun_reason: z.string().nullable(),
    rerun_trigger: z.array(z.string()).nullable(),
    alignment_score: score.nullable(),
    drift_score: score.nullable(),
    summary_valid: z.boolean().nullable(),
    reflection_persona: z.string().nullable(),
  }),
});

export const OverrideGuardrailsResponseBody = z.strictObject({
  status: z.literal("success"),
  loop_id: z.string(),
  override_fatigue: z.boolean(),
  override_max_reruns: z.boolean(),
  overridden_by: z.string(),
  override_reason: z.string(),
  force_finalize: z.boolean().describe("Still forced after the override (e.g. bias echo, or another guardrail)"),
});
