import { z } from "zod";
import {
  LoopCompleteRequest,
  LoopId,
  OVERRIDE_REASON_MAX_CHARS,
  OVERRIDE_REASON_TOO_LONG,
  OverrideGuardrailsRequest,
  Reflection,
} from "@/lib/engine/loops";

// Request schemas of the three orchestrator loop endpoints as Focal serves them (client-safe: the
// Override dialog, the routes and the OpenAPI document share them). The published request is accepted
// key for key; the
// extensions Focal allows are optional and named here.

const AGENT_KEY = z.string().min(1).max(64);
// A goal is a sentence or a paragraph; an output may be a long draft. Both stay far below the 1 MiB body cap.
const GOAL_MAX_CHARS = 4000;
const OUTPUT_MAX_CHARS = 16_000;

const GOAL_AND_OUTPUT_TOGETHER = "goal and output go together: send both, or neither";
const AT_LEAST_ONE_GUARDRAIL = "Choose at least one guardrail to override (fatigue or max reruns).";

/** POST /orchestrator/loop-complete: the published request plus Focal's optional extensions. */
export const LoopCompleteBody = LoopCompleteRequest.extend({
  /** Whose RERUN_CONFIG / FATIGUE_CONFIG apply (the defaults when omitted and the family has no agent). */
  agent_key: AGENT_KEY.optional(),
  /** A reflection the orchestrator computed itself (its PESSIMIST's scores and bias tags). */
  reflection: Reflection.optional(),
  /** Or the loop's goal and output: Focal's judge (the PESSIMIST) computes the reflection. */
  goal: z.string().trim().min(1).max(GOAL_MAX_CHARS).optional(),
  output: z.string().trim().min(1).max(OUTPUT_MAX_CHARS).optional(),
  /** Why override_fatigue / override_max_reruns are set, for the ledger event when they lift a guardrail. */
  override_reason: z.string().trim().min(1).max(OVERRIDE_REASON_MAX_CHARS, OVERRIDE_REASON_TOO_LONG).optional(),
}).superRefine((body, ctx) => {
  if ((body.goal === undefined) !== (body.output === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: [body.goal === undefined ? "goal" : "output"],
      message: GOAL_AND_OUTPUT_TOGETHER,
    });
  }
});
export type LoopCompleteBody = z.infer<typeof LoopCompleteBody>;

/** POST /orchestrator/override-guardrails/{loop_id}: the published request; a no-op override is refused. */
export const OverrideGuardrailsBody = OverrideGuardrailsRequest.refine(
  (body) => body.override_fatigue || body.override_max_reruns,
  { path: ["override_fatigue"], message: AT_LEAST_ONE_GUARDRAIL },
);
export type OverrideGuardrailsBody = z.infer<typeof OverrideGuardrailsBody>;

/** {loop_id} in the two paths that name a loop; a malformed id names no loop (404). */
export const LoopIdParams = z.object({ loop_id: LoopId });

/** The Override dialog's action: the operator is the override_by, so the form does not ask for it. */
export const OverrideLoopInput = z
  .object({
    loop_id: LoopId,
    override_fatigue: z.boolean().default(false),
    override_max_reruns: z.boolean().default(false),
    override_reason: OverrideGuardrailsRequest.shape.override_reason,
  })
  .refine((input) => input.override_fatigue || input.override_max_reruns, {
    path: ["override_fatigue"],
    message: AT_LEAST_ONE_GUARDRAIL,
  });
export type OverrideLoopInput = z.input<typeof OverrideLoopInput>;
