import { fatigueExceeded, type GuardrailConfig } from "./config";
import type { GuardrailsStatusResponse } from "./loop-api";
import { familyRerunCount } from "./loop-family";
import type { LoopTraceItem } from "./loop-trace";

// GET /orchestrator/guardrails-status/{loop_id}: the loop record read back in the published shape.

/**
 * rerun_count is the record's own (as of its last update). Pass the family to report the family's
 * current count instead, e.g. loop_001 after loop_001_r2 was issued reads 2, not 1.
 */
export function getGuardrailsStatus(
  record: LoopTraceItem,
  config: GuardrailConfig,
  family?: readonly LoopTraceItem[],
): GuardrailsStatusResponse {
  const rerunCount = family
    ? Math.max(record.rerun_count, familyRerunCount(record.loop_id, family))
    : record.rerun_count;
  return {
    status: "success",
    guardrails_status: {
      loop_id: record.loop_id,
      rerun_count: rerunCount,
      max_reruns: record.max_reruns,
      rerun_limit_reached: rerunCount >= record.max_reruns,
      bias_echo: record.bias_echo,
      reflection_fatigue: record.reflection_fatigue,
      fatigue_threshold_exceeded: fatigueExceeded(record.reflection_fatigue, config),
      force_finalize: record.force_finalize,
      rerun_reason: record.rerun_reason,
      rerun_trigger: record.rerun_trigger ? [...record.rerun_trigger] : null,
      alignment_score: record.alignment_score,
      drift_score: record.drift_score,
      summary_valid: record.summary_valid,
      reflection_persona: record.reflection_persona,
    },
  };
}
