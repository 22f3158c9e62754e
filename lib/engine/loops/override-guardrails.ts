import { DEFAULT_GUARDRAIL_CONFIG, fatigueExceeded, type GuardrailConfig } from "./config";
import {
  OverrideGuardrailsRequest,
  type OverrideGuardrailsRequestInput,
  type OverrideGuardrailsResponse,
} from "./loop-api";
import type { LoopTraceItem } from "./loop-trace";

// POST /orchestrator/override-guardrails/{loop_id} (docs/loops.md#overrides). The override is stored on the record
// (override_fatigue / override_max_reruns, sticky: a later override never takes an earlier one back) and
// honoured when the loop is completed again; force_finalize is lifted now when every guardrail that
// forced it is covered. Bias echo (halt_loop) cannot be overridden: there is no override flag for it.

export interface OverrideGuardrailsOutcome {
  record: LoopTraceItem;
  response: OverrideGuardrailsResponse;
}

/** Throws a ZodError when override_reason (or override_by) is missing or blank. */
export function overrideGuardrails(
  record: LoopTraceItem,
  input: OverrideGuardrailsRequestInput,
  config: GuardrailConfig = DEFAULT_GUARDRAIL_CONFIG,
): OverrideGuardrailsOutcome {
  const request = OverrideGuardrailsRequest.parse(input);
  const overrideFatigue = record.override_fatigue || request.override_fatigue;
  const overrideMaxReruns = record.override_max_reruns || request.override_max_reruns;

  const limitBlocks = record.rerun_count >= record.max_reruns && !overrideMaxReruns;
  const fatigueBlocks = fatigueExceeded(record.reflection_fatigue, config) && !overrideFatigue;
  const stillForced = record.force_finalize && (limitBlocks || fatigueBlocks || record.bias_echo);

  const updated: LoopTraceItem = {
    ...record,
    override_fatigue: overrideFatigue,
    override_max_reruns: overrideMaxReruns,
    override_reason: request.override_reason,
    overridden_by: request.override_by,
    force_finalize: stillForced,
  };
  return {
    record: updated,
    response: {
      status: "success",
      loop_id: record.loop_id,
      override_fatigue: request.override_fatigue,
      override_max_reruns: request.override_max_reruns,
      overridden_by: request.override_by,
      override_reason: request.override_reason,
      force_finalize: stillForced,
    },
  };
}
