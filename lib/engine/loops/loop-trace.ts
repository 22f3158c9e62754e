import { z } from "zod";

// The loop trace record (LoopTraceItem): every field with its default, plus what Focal keeps per loop (the
// reflection's scores and bias tags, the decision taken and a stored operator override). Counts and flags
// are non-null with their default; the Optional strings and lists stay nullable.

/** Loop ids travel in URLs (`/orchestrator/guardrails-status/{loop_id}`) and rerun ids append `_r{n}`. */
export const LoopId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.:-]+$/, "loop_id may contain only letters, digits, '_', '.', ':' and '-'");

/** One PESSIMIST bias tag: `tag` is the identity; any other keys (severity, evidence, …) ride along. */
export const BiasTag = z.looseObject({ tag: z.string().trim().min(1).max(200) });
export type BiasTag = z.infer<typeof BiasTag>;

const score = z.number().min(0).max(1);

/** What the reflection of one loop produced (for a turn: alignment = rule pass share, drift = 1 − relevance). */
export const Reflection = z.object({
  alignment_score: score,
  drift_score: score,
  summary_valid: z.boolean(),
  bias_tags: z.array(BiasTag).max(100).default([]),
  reflection_persona: z.string().min(1).max(100).nullable().optional(),
});
export type Reflection = z.infer<typeof Reflection>;
export type ReflectionInput = z.input<typeof Reflection>;

export const RERUN_TRIGGERS = ["alignment", "drift"] as const;
export type RerunTrigger = (typeof RERUN_TRIGGERS)[number];

/** The first trigger names the reason: alignment 0.72 + drift 0.28 → `alignment_threshold_not_met`. */
export const RERUN_REASONS = ["alignment_threshold_not_met", "drift_threshold_exceeded"] as const;
export type RerunReason = (typeof RERUN_REASONS)[number];

export const FINALIZE_REASONS = [
  "thresholds_met",
  "rerun_limit_reached",
  "fatigue_threshold_exceeded",
  "bias_echo_detected",
] as const;
export type FinalizeReason = (typeof FINALIZE_REASONS)[number];

/** "halt" = bias echo (the action `halt_loop`); "finalize" = stop and keep the loop's output. */
export const LOOP_DECISIONS = ["rerun", "finalize", "halt"] as const;
export type LoopDecision = (typeof LOOP_DECISIONS)[number];

/** A rerun's record is created "pending" when it is decided; its completion turns it "completed". */
export const LOOP_STATUS = { pending: "pending", completed: "completed" } as const;

export const LoopTraceItem = z.object({
  // Existing fields
  loop_id: LoopId,
  status: z.string().min(1).max(50),
  timestamp: z.iso.datetime({ offset: true }),
  // Rerun tracking: rerun_of = the loop whose completion asked for this rerun; depth = its distance to the root.
  rerun_of: LoopId.nullable().default(null),
  rerun_depth: z.number().int().min(0).nullable().default(null),
  rerun_count: z.number().int().min(0).default(0),
  max_reruns: z.number().int().min(0).default(3),
  // Bias tracking
  bias_echo: z.boolean().default(false),
  repeated_tags: z.array(z.string()).nullable().default(null),
  // Fatigue tracking
  reflection_fatigue: score.default(0),
  fatigue_increased: z.boolean().default(false),
  // Reasoning
  rerun_reason: z.string().nullable().default(null),
  rerun_reason_detail: z.string().nullable().default(null),
  rerun_trigger: z.array(z.string()).nullable().default(null),
  // Override
  force_finalize: z.boolean().default(false),
  overridden_by: z.string().nullable().default(null),
  // Persona
  orchestrator_persona: z.string().nullable().default(null),
  reflection_persona: z.string().nullable().default(null),
  // Focal: the reflection this loop was judged on (null while pending)
  alignment_score: score.nullable().default(null),
  drift_score: score.nullable().default(null),
  summary_valid: z.boolean().nullable().default(null),
  bias_tags: z.array(BiasTag).default([]),
  // Focal: the decision taken at completion and, when it stopped the family, why
  decision: z.enum(LOOP_DECISIONS).nullable().default(null),
  finalize_reason: z.enum(FINALIZE_REASONS).nullable().default(null),
  // Focal: an operator override stored by POST /orchestrator/override-guardrails, honoured at the next completion
  override_fatigue: z.boolean().default(false),
  override_max_reruns: z.boolean().default(false),
  override_reason: z.string().nullable().default(null),
});
export type LoopTraceItem = z.infer<typeof LoopTraceItem>;
export type LoopTraceItemInput = z.input<typeof LoopTraceItem>;

/** A record with every omitted field at its default. Throws a ZodError on invalid input. */
export function createLoopTraceItem(input: LoopTraceItemInput): LoopTraceItem {
  return LoopTraceItem.parse(input);
}
