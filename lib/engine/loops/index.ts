// Loop guardrails (docs/loops.md): pure functions over explicit state (see README.md).

export { uniqueTags } from "./bias-echo";
export { DEFAULT_GUARDRAIL_CONFIG, fatigueExceeded, type GuardrailConfig, turnLoopConfig } from "./config";
export { getGuardrailsStatus } from "./guardrails-status";
export {
  type GuardrailsStatusResponse,
  INVALID_REFLECTION_STATUS_MESSAGE,
  type LoopCompleteError,
  LoopCompleteRequest,
  type LoopCompleteResponse,
  OVERRIDE_REASON_MAX_CHARS,
  OVERRIDE_REASON_TOO_LONG,
  OverrideGuardrailsRequest,
  type OverrideGuardrailsResponse,
} from "./loop-api";
export { familyRootOf } from "./loop-family";
export {
  FINALIZE_REASONS,
  LoopId,
  LoopTraceItem,
  RERUN_REASONS,
  RERUN_TRIGGERS,
  Reflection,
  type ReflectionInput,
} from "./loop-trace";
export { overrideGuardrails } from "./override-guardrails";
export {
  emptyLoopGuardrailState,
  type LoopCompletionOutcome,
  type LoopGuardrailState,
  processLoopCompletion,
} from "./process-loop-completion";
