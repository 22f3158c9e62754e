import { type AgentSettings, ContinuitySettings } from "../../contracts/agent-settings";

// The continuity runtime constants table: one module, one name per constant. The values
// are the agent's continuity settings (whose defaults are the documented numbers), so no literal is
// duplicated anywhere else.

export interface ContinuityRuntimeConstants {
  SELECTION_MAX_ENRICHMENT_STEPS: number;
  SELECTION_MAX_LLM_CALLS: number;
  SEMANTIC_MAX_ENRICHMENT_STEPS: number;
  SEMANTIC_MAX_LLM_CALLS_PER_STEP: number;
  CHAT_HISTORY_MAX_TURNS: number;
  CHAT_HISTORY_MAX_TOKENS: number;
  SNAPSHOT_EXCERPT_MAX_TOKENS: number;
  BLENDED_CONTEXT_MAX_TOKENS: number;
  CONTINUITY_TTL_MAX_TURNS: number;
  CONTINUITY_TTL_MAX_MINUTES: number;
  RECENT_ACTION_TRACE_MAX_ENTRIES: number;
  NEEDED_EVIDENCE_TYPES_MAX: number;
}

export function runtimeConstants(continuity: AgentSettings["continuity"]): ContinuityRuntimeConstants {
  return {
    SELECTION_MAX_ENRICHMENT_STEPS: continuity.selection_max_enrichment_steps,
    SELECTION_MAX_LLM_CALLS: continuity.selection_max_llm_calls,
    SEMANTIC_MAX_ENRICHMENT_STEPS: continuity.semantic_max_enrichment_steps,
    SEMANTIC_MAX_LLM_CALLS_PER_STEP: continuity.semantic_max_llm_calls_per_step,
    CHAT_HISTORY_MAX_TURNS: continuity.chat_history_max_turns,
    CHAT_HISTORY_MAX_TOKENS: continuity.chat_history_max_tokens,
    SNAPSHOT_EXCERPT_MAX_TOKENS: continuity.snapshot_excerpt_max_tokens,
    BLENDED_CONTEXT_MAX_TOKENS: continuity.blended_context_max_tokens,
    CONTINUITY_TTL_MAX_TURNS: continuity.continuity_ttl_max_turns,
    CONTINUITY_TTL_MAX_MINUTES: continuity.continuity_ttl_max_minutes,
    RECENT_ACTION_TRACE_MAX_ENTRIES: continuity.recent_action_trace_max_entries,
    NEEDED_EVIDENCE_TYPES_MAX: continuity.needed_evidence_types_max,
  };
}

/** The table at its defaults, for tests and docs. */
export const DEFAULT_RUNTIME_CONSTANTS: ContinuityRuntimeConstants = runtimeConstants(
  ContinuitySettings.defaults as AgentSettings["continuity"],
);

/** The canonical enrichment allowlist enum (single source of truth). */
export const ENRICHMENT_ALLOWLIST = [
  "chat_active_options",
  "chat_recoverable_options",
  "active_widget_items",
  "active_dashboard_items",
  "active_workspace_items",
  "scope_disambiguation_hint",
] as const;
export type NeededEvidenceType = (typeof ENRICHMENT_ALLOWLIST)[number];

/** The decision telemetry reasons. */
const CONTINUITY_REASONS = [
  "deterministic_continuity_resolve",
  "llm_select",
  "llm_need_more_info",
  "need_more_info_veto_applied",
  "need_more_info_veto_blocked_reason",
  "continuity_enrichment_retry_called",
  "continuity_enrichment_fingerprint_unchanged",
  "continuity_enrichment_budget_exhausted",
] as const;
export type ContinuityReason = (typeof CONTINUITY_REASONS)[number];

/** The pendingClarifierType enum. */
export const PENDING_CLARIFIER_TYPES = [
  "none",
  "selection_disambiguation",
  "scope_disambiguation",
  "missing_slot",
  "confirmation",
  "repair",
] as const;
