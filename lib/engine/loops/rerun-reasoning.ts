import { toIsoTimestamp } from "./config";
import type { LoopTraceItem } from "./loop-trace";

// Rerun reasoning (docs/loops.md#rerun-reasoning): log_rerun_reasoning: what triggered a rerun, in a dict the caller
// stores beside the loop.

export interface RerunReasoning {
  rerun_trigger: string[];
  rerun_reason: string;
  rerun_reason_detail: string;
  timestamp: string;
  reflection_persona: string | null;
  /** Present only when an override let the rerun happen (only "if overridden_by"). */
  overridden_by?: string;
}

export interface RerunReasoningInput {
  rerunTrigger: readonly string[];
  rerunReason: string;
  /** Defaults to "Triggered by alignment, drift". */
  detail?: string | null;
  overriddenBy?: string | null;
  reflectionPersona?: string | null;
  /** From the caller's Clock. */
  timestamp: Date | string;
}

export function logRerunReasoning(input: RerunReasoningInput): RerunReasoning {
  const reasoning: RerunReasoning = {
    rerun_trigger: [...input.rerunTrigger],
    rerun_reason: input.rerunReason,
    rerun_reason_detail: input.detail || `Triggered by ${input.rerunTrigger.join(", ")}`,
    timestamp: toIsoTimestamp(input.timestamp),
    reflection_persona: input.reflectionPersona ?? null,
  };
  if (input.overriddenBy) reasoning.overridden_by = input.overriddenBy;
  return reasoning;
}

/** The trace update: reasoning fields always, overridden_by and reflection_persona only when set. */
export function applyRerunReasoning(record: LoopTraceItem, reasoning: RerunReasoning): LoopTraceItem {
  return {
    ...record,
    rerun_trigger: [...reasoning.rerun_trigger],
    rerun_reason: reasoning.rerun_reason,
    rerun_reason_detail: reasoning.rerun_reason_detail,
    overridden_by: reasoning.overridden_by ?? record.overridden_by,
    reflection_persona: reasoning.reflection_persona ?? record.reflection_persona,
  };
}
