// Loop guardrails (docs/loops.md): pure functions over explicit state (see README.md).

export {
  type GuardrailsStatusResponse,
  INVALID_REFLECTION_STATUS_MESSAGE,
  type LoopCompleteError,
  LoopCompleteRequest,
  type LoopCompleteResponse,
  LoopCompletion,
  type LoopCompletionInput,
  OVERRIDE_REASON_MAX_CHARS,
  OVERRIDE_REASON_TOO_LONG,
  OverrideGuardrailsRequest,
  type OverrideGuardrailsRequestInput,
  type OverrideGuardrailsResponse,
  type ReflectionResult,
} from "./api-shapes";
export {
  type BiasEchoInput,
  type BiasEchoResult,
  type BiasHistory,
  detectBiasRepetition,
  uniqueTags,
  withoutLoopTags,
} from "./bias-echo";
export {
  DEFAULT_GUARDRAIL_CONFIG,
  type FatigueConfig,
  fatigueExceeded,
  type GuardrailConfig,
  type RerunConfig,
  toIsoTimestamp,
  turnLoopConfig,
} from "./config";
export {
  checkThresholds,
  type DecideRerunInput,
  type DecideRerunOutcome,
  type DecisionResult,
  decideRerun,
  type FinalizeDecisionResult,
  type HaltDecisionResult,
  type RerunDecisionResult,
  type ThresholdCheck,
} from "./decide-rerun";
export {
  calculateFatigueScore,
  calculateImprovement,
  type FatigueInput,
  type FatigueResult,
  type PreviousScores,
} from "./fatigue";
export { getGuardrailsStatus } from "./guardrails-status";
export {
  familyRecords,
  familyRerunCount,
  familyRootOf,
  isInFamily,
  nextRerunId,
  previousLoopOf,
  rerunNumberOf,
  turnLoopId,
  upsertLoopRecord,
} from "./loop-family";
export {
  BiasTag,
  createLoopTraceItem,
  FINALIZE_REASONS,
  type FinalizeReason,
  LOOP_DECISIONS,
  LOOP_STATUS,
  type LoopDecision,
  LoopId,
  LoopTraceItem,
  type LoopTraceItemInput,
  RERUN_REASONS,
  RERUN_TRIGGERS,
  Reflection,
  type ReflectionInput,
  type RerunReason,
  type RerunTrigger,
} from "./loop-trace";
export { type OverrideGuardrailsOutcome, overrideGuardrails } from "./override-guardrails";
export {
  applyLoopCompletion,
  emptyLoopGuardrailState,
  type LoopCompletionOutcome,
  type LoopGuardrailState,
  processLoopCompletion,
} from "./process-loop-completion";
export { enforceRerunLimits, type RerunLimitInput, type RerunLimitResult } from "./rerun-limits";
export {
  applyRerunReasoning,
  logRerunReasoning,
  type RerunReasoning,
  type RerunReasoningInput,
} from "./rerun-reasoning";
