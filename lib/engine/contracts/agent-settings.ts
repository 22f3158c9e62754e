import { z } from "zod";
import { InputSafetySettings } from "./input-safety-settings";
import { KnowledgeSettings } from "./knowledge-settings";
import { LanguageSettings } from "./language-settings";
import { ApprovalSettings, HandoffSettings, ReviewsSettings, WidgetSettings } from "./people-settings";
import { PricingSettings } from "./pricing-settings";
import { PrivacySettings } from "./privacy-settings";
import { count, score, section } from "./settings-section";

// Per-agent settings: the engine's config objects (ScenarioFilterConfig, EnforcementConfig, the rerun
// and fatigue configs, continuity's runtime constants) under snake_case keys with their field names and
// defaults. A bundle stores only the keys a designer set (AgentSettingsInput); the engine reads the
// resolved object (AgentSettings) where every omitted key has its default.

/**
 * ScenarioFilterConfig: stickiness and the fallback when no transition matches
 * (docs/decisions.md#stickiness-boost-015-exit-threshold-085, stages/routing/README.md).
 */
export const ScenarioFilterSettings = section(
  {
    enabled: z.boolean(),
    /** Added to the current scenario's transition scores (+0.25 is the stickier high-friction alternative). */
    stickiness_boost: score,
    /** A different scenario must score at least this to take over from the current one. */
    exit_intent_threshold: score,
    max_loop_count: count(1, 1000),
    /** What to do when no transition reaches min_transition_score. */
    fallback_behavior: z.enum(["clarify", "stay", "escalate"]),
    max_clarifications_per_step: count(0, 100),
    min_transition_score: score,
  },
  {
    enabled: true,
    stickiness_boost: 0.15,
    exit_intent_threshold: 0.85,
    max_loop_count: 10,
    fallback_behavior: "clarify",
    max_clarifications_per_step: 2,
    min_transition_score: 0.3,
  },
);

/**
 * EnforcementConfig (two lanes, always-on GLOBAL hard constraints, the relevance check's refusal bypass;
 * stages/enforcement/README.md), every field, plus lane-2 sampling.
 */
export const EnforcementSettings = section(
  {
    enabled: z.boolean(),
    /**
     * Regenerations of one turn; it is the max_reruns of the turn's guarded regeneration loop
     * (docs/decisions.md#the-regeneration-loop-is-a-guarded-loop).
     */
    max_retries: count(0, 10),
    deterministic_enabled: z.boolean(),
    llm_judge_enabled: z.boolean(),
    /** Judge models; empty = the instance's default model (no particular hosted model is assumed). */
    llm_judge_models: z.array(z.string().min(1).max(200)).max(5),
    always_enforce_global: z.boolean(),
    relevance_check_enabled: z.boolean(),
    relevance_threshold: score,
    relevance_refusal_bypass: z.boolean(),
    grounding_check_enabled: z.boolean(),
    grounding_threshold: score,
    /**
     * Lane 2 (docs/decisions.md#two-enforcement-lanes-deterministic-first): risky turns are always
     * judged; of the other turns where a subjective hard rule is in play, this share is judged. 1 = every
     * such turn (the default); lower it to trade model calls for coverage.
     */
    llm_judge_sample_rate: score,
    /**
     * Lane 1: a rule reading a money variable whose reply states an amount in a currency the variable
     * has no rate for cannot be decided. true = such a reply is blocked (regenerated) like a violation;
     * false = it is reported unresolved and ships. A promise in an unknown currency is still a promise.
     */
    unresolved_money_blocks: z.boolean(),
    /**
     * Lane 1 over declared claims (stages/enforcement/README.md#declared-claims): where a rule goes
     * when the reply's declared claim and its text disagree and the values give different verdicts.
     * judge = lane 2 decides with both facts; block = regenerate like a violation; allow = report and
     * ship. by_provider = judge when a model is configured, block with the offline provider. An amount
     * in a currency without a rate is blocked under judge and block (no judge has the rate either) and
     * ships under allow or when unresolved_money_blocks is false (older bundles' opt-out, kept).
     */
    unresolved: z.enum(["by_provider", "judge", "block", "allow"]),
    /**
     * Lane 1, the `ungrounded` violation (stages/enforcement/README.md#ungrounded-facts): every amount,
     * number, date, duration, phone number, e-mail, URL and code the reply states must be in the turn's
     * evidence (tool outputs, variables, rules and step, the customer's messages, cited passages).
     * block = regenerate like a violation; report = listed in the trace, the reply ships; off = not
     * checked. Not the similarity check `grounding_check_enabled` / `grounding_threshold`.
     */
    grounding_facts: z.enum(["block", "report", "off"]),
  },
  {
    enabled: true,
    max_retries: 1,
    deterministic_enabled: true,
    llm_judge_enabled: true,
    llm_judge_models: [],
    always_enforce_global: true,
    relevance_check_enabled: false,
    relevance_threshold: 0.5,
    relevance_refusal_bypass: true,
    grounding_check_enabled: false,
    grounding_threshold: 0.75,
    llm_judge_sample_rate: 1,
    unresolved_money_blocks: true,
    unresolved: "by_provider",
    grounding_facts: "report",
  },
);

/** RERUN_CONFIG (docs/loops.md#defaults): external loops' limits (the turn's own loop uses enforcement.max_retries). */
export const RerunSettings = section(
  {
    alignment_threshold: score,
    drift_threshold: score,
    max_reruns: count(0, 20),
    fatigue_threshold: score,
    bias_repetition_threshold: count(1, 100),
  },
  {
    alignment_threshold: 0.75,
    drift_threshold: 0.25,
    max_reruns: 3,
    fatigue_threshold: 0.5,
    bias_repetition_threshold: 3,
  },
);

/** FATIGUE_CONFIG: reflection fatigue (docs/loops.md#reflection-fatigue). */
export const FatigueSettings = section(
  {
    base_increment: score,
    improvement_threshold: score,
    decay_rate: score,
    critical_threshold: score,
    max_fatigue: score,
  },
  { base_increment: 0.15, improvement_threshold: 0.05, decay_rate: 0.05, critical_threshold: 0.5, max_fatigue: 1.0 },
);

/**
 * Continuity (docs/continuity.md): the rollout flag per agent (default false, like
 * NEXT_PUBLIC_GROUNDING_CONTINUITY_ENABLED), continuity's runtime constants (DEFAULT_RUNTIME_CONSTANTS;
 * names map 1:1, lower-cased) and the rollback thresholds (docs/continuity.md#telemetry-and-rollout).
 */
export const ContinuitySettings = section(
  {
    enabled: z.boolean(),
    selection_max_enrichment_steps: count(0, 3),
    /** A retry still needs a changed evidence fingerprint. */
    selection_max_llm_calls: count(1, 3),
    /** 2, or 3 behind a flag. */
    semantic_max_enrichment_steps: count(0, 3),
    semantic_max_llm_calls_per_step: count(1, 3),
    chat_history_max_turns: count(1, 50),
    chat_history_max_tokens: count(100, 16_000),
    snapshot_excerpt_max_tokens: count(50, 4000),
    blended_context_max_tokens: count(100, 16_000),
    continuity_ttl_max_turns: count(1, 50),
    continuity_ttl_max_minutes: count(1, 1440),
    /** The recentActionTrace[] schema holds at most 5 entries. */
    recent_action_trace_max_entries: count(1, 5),
    /** The enrichment allowlist enum has 6 values. */
    needed_evidence_types_max: count(1, 6),
    /** Absolute increase of the wrong-action rate that rolls the flag back (0.005 = 0.5 points). */
    rollback_wrong_action_rate_increase: score,
    /** Relative increase of the clarifier rate that rolls the flag back (0.1 = +10 %). */
    rollback_clarifier_rate_relative_increase: z.number().min(0).max(10),
    rollback_p95_latency_increase_ms: count(0, 60_000),
    /** Share of retries with an unchanged fingerprint that halts the rollout. */
    halt_unchanged_fingerprint_retry_rate: score,
  },
  {
    enabled: false,
    selection_max_enrichment_steps: 1,
    selection_max_llm_calls: 2,
    semantic_max_enrichment_steps: 2,
    semantic_max_llm_calls_per_step: 1,
    chat_history_max_turns: 8,
    chat_history_max_tokens: 1200,
    snapshot_excerpt_max_tokens: 400,
    blended_context_max_tokens: 1800,
    continuity_ttl_max_turns: 3,
    continuity_ttl_max_minutes: 10,
    recent_action_trace_max_entries: 5,
    needed_evidence_types_max: 2,
    rollback_wrong_action_rate_increase: 0.005,
    rollback_clarifier_rate_relative_increase: 0.1,
    rollback_p95_latency_increase_ms: 250,
    halt_unchanged_fingerprint_retry_rate: 0.02,
  },
);

/**
 * Ambiguity trap (docs/decisions.md#one-sensor-call-carries-the-ambiguity-flag): the sensor's
 * is_ambiguous flag is the signal. As a backstop, a detected intent below min_intent_confidence also counts as ambiguous;
 * 0 turns the backstop off.
 */
export const AmbiguitySettings = section(
  { enabled: z.boolean(), min_intent_confidence: score },
  { enabled: true, min_intent_confidence: 0.5 },
);

/**
 * Sensor: the engine's local sensor scores the message against every scenario's
 * entry examples and intent label with the embedder, in the context of the active scenario and step.
 * When its calibrated confidence in a positive decision (enter, stay, move on, switch, exit) reaches
 * local_confidence and every declared entity the message states was extracted, the model sensor call
 * is skipped. 1 = always ask the model.
 */
export const SensorSettings = section(
  {
    local_confidence: score,
    /**
     * With no model configured (the offline provider), a message far from every scenario gets this
     * reply instead of a guessed scenario; with a model, the model reads it and the reply is generated.
     */
    out_of_scope_reply: z.string().trim().min(1).max(1000),
  },
  {
    local_confidence: 0.85,
    out_of_scope_reply: "Sorry, that's not something I can help with here. Is there anything else I can do for you?",
  },
);

/**
 * Scoped retrieval (stages/retrieval/README.md): a rule is "matched" when the similarity of its
 * condition_text to the turn reaches the threshold; at most max_rules matched rules reach generation,
 * highest priority first. Focal's own knobs: the similarity matcher is not fixed anywhere else.
 */
export const RetrievalSettings = section(
  { rule_match_threshold: score, max_rules: count(1, 200) },
  { rule_match_threshold: 0.3, max_rules: 12 },
);

/**
 * Conversation tests as a gate on configuration saves: `off`, `warn` (the save goes through and says
 * which cases it turns red) or `block` (a save that turns a passing case red is refused; an admin may
 * force it with a reason, which the ledger keeps). The suite runs frozen on the draft, no model call.
 * `block` by default: a preview that shows red tests must not be followed by a save that goes through
 * silently. An agent without tests is not gated at all (there is nothing to turn red).
 */
export const TestingSettings = section(
  { tests_gate: z.enum(["off", "warn", "block"]) },
  { tests_gate: "block" as "off" | "warn" | "block" },
);

/**
 * Data retention: sessions whose last activity is older than this many days are deleted, with their
 * turns, spans, tapes and loops, by the daily `retention.apply` job. null = kept forever.
 */
export const RetentionSettings = section(
  {
    sessions_days: z
      .number()
      .int()
      .min(1, "must be at least 1 day (leave unset to keep forever)")
      .max(36_500)
      .nullable(),
  },
  { sessions_days: null as number | null },
);

/** What a bundle carries: any subset of sections and keys; unknown keys are typos and rejected. */
export const AgentSettingsInput = z.strictObject({
  scenario_filter: ScenarioFilterSettings.input.optional(),
  enforcement: EnforcementSettings.input.optional(),
  rerun: RerunSettings.input.optional(),
  fatigue: FatigueSettings.input.optional(),
  continuity: ContinuitySettings.input.optional(),
  ambiguity: AmbiguitySettings.input.optional(),
  sensor: SensorSettings.input.optional(),
  retrieval: RetrievalSettings.input.optional(),
  testing: TestingSettings.input.optional(),
  retention: RetentionSettings.input.optional(),
  handoff: HandoffSettings.input.optional(),
  reviews: ReviewsSettings.input.optional(),
  approvals: ApprovalSettings.input.optional(),
  widget: WidgetSettings.input.optional(),
  language: LanguageSettings.input.optional(),
  input_safety: InputSafetySettings.input.optional(),
  privacy: PrivacySettings.input.optional(),
  pricing: PricingSettings.input.optional(),
  knowledge: KnowledgeSettings.input.optional(),
});
export type AgentSettingsInput = z.infer<typeof AgentSettingsInput>;

/** The resolved settings: every key present, omitted ones at their defaults. */
export const AgentSettings = z.strictObject({
  scenario_filter: ScenarioFilterSettings.config.prefault({}),
  enforcement: EnforcementSettings.config.prefault({}),
  rerun: RerunSettings.config.prefault({}),
  fatigue: FatigueSettings.config.prefault({}),
  continuity: ContinuitySettings.config.prefault({}),
  ambiguity: AmbiguitySettings.config.prefault({}),
  sensor: SensorSettings.config.prefault({}),
  retrieval: RetrievalSettings.config.prefault({}),
  testing: TestingSettings.config.prefault({}),
  retention: RetentionSettings.config.prefault({}),
  handoff: HandoffSettings.config.prefault({}),
  reviews: ReviewsSettings.config.prefault({}),
  approvals: ApprovalSettings.config.prefault({}),
  widget: WidgetSettings.config.prefault({}),
  language: LanguageSettings.config.prefault({}),
  input_safety: InputSafetySettings.config.prefault({}),
  privacy: PrivacySettings.config.prefault({}),
  pricing: PricingSettings.config.prefault({}),
  knowledge: KnowledgeSettings.config.prefault({}),
});
export type AgentSettings = z.infer<typeof AgentSettings>;

/** Fills every omitted key with its default. Throws a ZodError when `partial` is not valid settings. */
export function resolveAgentSettings(partial: unknown = {}): AgentSettings {
  return AgentSettings.parse(partial ?? {});
}
