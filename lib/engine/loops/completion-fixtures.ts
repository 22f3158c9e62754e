import { DEFAULT_GUARDRAIL_CONFIG, type GuardrailConfig } from "./config";
import type { ReflectionInput } from "./loop-trace";
import {
  applyLoopCompletion,
  type LoopCompletionOutcome,
  type LoopGuardrailState,
  processLoopCompletion,
} from "./process-loop-completion";

// Loop completions for this folder's tests (not exported from index.ts): the docs/loops.md example's
// reflection and time.

export const REFERENCE_NOW = "2025-04-21T19:45:00.000Z";

/** The docs/loops.md example's reflection: alignment 0.72 < 0.75, drift 0.28 > 0.25, persona SAGE. */
export const REFERENCE_REFLECTION: ReflectionInput = {
  alignment_score: 0.72,
  drift_score: 0.28,
  summary_valid: true,
  reflection_persona: "SAGE",
};

/** The decision the reference reflection gets for loop_001: its first rerun, triggered by both thresholds. */
export const REFERENCE_RERUN_DECISION = {
  decision: "rerun",
  original_loop_id: "loop_001",
  new_loop_id: "loop_001_r1",
  rerun_reason: "alignment_threshold_not_met",
  rerun_number: 1,
  rerun_count: 1,
  max_reruns: 3,
  rerun_of: "loop_001",
  rerun_trigger: ["alignment", "drift"],
  rerun_reason_detail: "Triggered by alignment, drift",
  overridden_by: null,
};

export type CompletedOutcome = Extract<LoopCompletionOutcome, { ok: true }>;

/** Posts the reference request for `loopId` and returns the outcome with the state to carry on with. */
export function complete(
  state: LoopGuardrailState,
  loopId: string,
  options: {
    reflection?: ReflectionInput;
    request?: Record<string, unknown>;
    config?: GuardrailConfig;
  } = {},
): { outcome: CompletedOutcome; state: LoopGuardrailState } {
  const outcome = processLoopCompletion(
    {
      loop_id: loopId,
      reflection_status: "done",
      orchestrator_persona: "SAGE",
      override_fatigue: false,
      override_max_reruns: false,
      override_by: null,
      ...options.request,
      reflection: options.reflection ?? REFERENCE_REFLECTION,
    },
    state,
    options.config ?? DEFAULT_GUARDRAIL_CONFIG,
    REFERENCE_NOW,
  );
  if (!outcome.ok) throw new Error(`unexpected error body: ${outcome.response.message}`);
  return { outcome, state: applyLoopCompletion(state, outcome) };
}
