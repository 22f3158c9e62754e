import { z } from "zod";
import type { DecisionResult } from "./decide-rerun";
import { LoopId, Reflection } from "./loop-trace";

// The orchestrator loop endpoints' request and response shapes (docs/loops.md#endpoints). The REST layer parses bodies
// with these schemas; the pure functions return the response bodies ready to serialise.

const persona = z.string().min(1).max(100);
const operator = z.string().trim().min(1).max(200);

/** POST /orchestrator/loop-complete — the published request, key for key. */
export const LoopCompleteRequest = z.object({
  loop_id: LoopId,
  /** Any string: a value other than "done" gets the published error body, not a validation error. */
  reflection_status: z.string().max(50),
  orchestrator_persona: persona.nullable().optional(),
  override_fatigue: z.boolean().default(false),
  override_max_reruns: z.boolean().default(false),
  override_by: operator.nullable().optional(),
});
export type LoopCompleteRequest = z.infer<typeof LoopCompleteRequest>;

/** The request plus the loop's reflection (Focal's extension; the engine computes it for turns). */
export const LoopCompletion = LoopCompleteRequest.extend({ reflection: Reflection });
export type LoopCompletion = z.infer<typeof LoopCompletion>;
export type LoopCompletionInput = z.input<typeof LoopCompleteRequest> & { reflection?: z.input<typeof Reflection> };

export const INVALID_REFLECTION_STATUS_MESSAGE = "Invalid reflection status. Must be 'done'.";

export interface LoopCompleteError {
  status: "error";
  message: typeof INVALID_REFLECTION_STATUS_MESSAGE;
  loop_id: string;
}

export interface ReflectionResult {
  alignment_score: number;
  drift_score: number;
  summary_valid: boolean;
  reflection_persona: string | null;
  bias_echo: boolean;
  reflection_fatigue: number;
  /** Present when the reflection carried bias tags (bias is tracked only then). */
  repeated_tags?: string[];
  repetition_counts?: Record<string, number>;
}

export interface LoopCompleteResponse {
  status: "success";
  loop_id: string;
  reflection_result: ReflectionResult;
  decision_result: DecisionResult;
  orchestrator_persona: string | null;
  timestamp: string;
}

/** GET /orchestrator/guardrails-status/{loop_id} — the published body, key for key. */
export interface GuardrailsStatusResponse {
  status: "success";
  guardrails_status: {
    loop_id: string;
    rerun_count: number;
    max_reruns: number;
    rerun_limit_reached: boolean;
    bias_echo: boolean;
    reflection_fatigue: number;
    fatigue_threshold_exceeded: boolean;
    force_finalize: boolean;
    rerun_reason: string | null;
    rerun_trigger: string[] | null;
    alignment_score: number | null;
    drift_score: number | null;
    summary_valid: boolean | null;
    reflection_persona: string | null;
  };
}

const OVERRIDE_REASON_REQUIRED = "override_reason is required: say why the guardrail is lifted";
// A reason is a sentence or a short paragraph for the ledger event; 1000 characters hold several.
export const OVERRIDE_REASON_MAX_CHARS = 1000;
export const OVERRIDE_REASON_TOO_LONG = `override_reason is longer than ${OVERRIDE_REASON_MAX_CHARS} characters`;

/** POST /orchestrator/override-guardrails/{loop_id} — the published request; who and why are required. */
export const OverrideGuardrailsRequest = z.object({
  override_fatigue: z.boolean().default(false),
  override_max_reruns: z.boolean().default(false),
  override_by: operator,
  // The schema-level message is for a missing or non-string value only: given to z.string() as a plain
  // string it would also replace the length check's message (an over-long reason read "is required").
  override_reason: z
    .string({ error: (issue) => (issue.code === "invalid_type" ? OVERRIDE_REASON_REQUIRED : undefined) })
    .trim()
    .min(1, OVERRIDE_REASON_REQUIRED)
    .max(OVERRIDE_REASON_MAX_CHARS, OVERRIDE_REASON_TOO_LONG),
});
export type OverrideGuardrailsRequest = z.infer<typeof OverrideGuardrailsRequest>;
export type OverrideGuardrailsRequestInput = z.input<typeof OverrideGuardrailsRequest>;

/** The published response, plus force_finalize after the override. */
export interface OverrideGuardrailsResponse {
  status: "success";
  loop_id: string;
  override_fatigue: boolean;
  override_max_reruns: boolean;
  overridden_by: string;
  override_reason: string;
  force_finalize: boolean;
}
