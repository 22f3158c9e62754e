import { describe, expect, it } from "vitest";
import { AgentSettings, AgentSettingsInput, resolveAgentSettings } from "./agent-settings";

describe("agent settings", () => {
  it("defaults every key to its documented default", () => {
    const settings = resolveAgentSettings();
    expect(settings.scenario_filter).toEqual({
      enabled: true,
      stickiness_boost: 0.15,
      exit_intent_threshold: 0.85,
      max_loop_count: 10,
      fallback_behavior: "clarify",
      max_clarifications_per_step: 2,
      min_transition_score: 0.3,
    });
    expect(settings.enforcement).toMatchObject({
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
      unresolved_money_blocks: true,
      unresolved: "by_provider",
    });
    expect(settings.rerun).toEqual({
      alignment_threshold: 0.75,
      drift_threshold: 0.25,
      max_reruns: 3,
      fatigue_threshold: 0.5,
      bias_repetition_threshold: 3,
    });
    expect(settings.fatigue).toEqual({
      base_increment: 0.15,
      improvement_threshold: 0.05,
      decay_rate: 0.05,
      critical_threshold: 0.5,
      max_fatigue: 1.0,
    });
    expect(settings.continuity).toMatchObject({
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
    });
    expect(settings.ambiguity).toEqual({ enabled: true, min_intent_confidence: 0.5 });
    expect(AgentSettings.parse({})).toEqual(settings);
  });

  it("keeps given keys and fills the rest", () => {
    const settings = resolveAgentSettings({
      scenario_filter: { stickiness_boost: 0.25 },
      enforcement: { max_retries: 0 },
    });
    expect(settings.scenario_filter).toMatchObject({ stickiness_boost: 0.25, exit_intent_threshold: 0.85 });
    expect(settings.enforcement.max_retries).toBe(0);
  });

  it("hands out a fresh default list each time", () => {
    resolveAgentSettings().enforcement.llm_judge_models.push("mutated");
    expect(resolveAgentSettings().enforcement.llm_judge_models).toEqual([]);
  });

  it("keeps a bundle's settings as given: no defaults are added", () => {
    expect(AgentSettingsInput.parse({ continuity: { enabled: true } })).toEqual({ continuity: { enabled: true } });
  });

  it("takes enforcement.unresolved beside an older bundle's unresolved_money_blocks", () => {
    expect(AgentSettingsInput.parse({ enforcement: { unresolved_money_blocks: false } })).toEqual({
      enforcement: { unresolved_money_blocks: false },
    });
    expect(resolveAgentSettings({ enforcement: { unresolved: "allow" } }).enforcement.unresolved).toBe("allow");
    const wrong = AgentSettingsInput.safeParse({ enforcement: { unresolved: "maybe" } });
    expect(wrong.error?.issues.map((i) => i.path.join("."))).toEqual(["enforcement.unresolved"]);
  });

  it("rejects out-of-range values and unknown keys, each at its path", () => {
    const result = AgentSettingsInput.safeParse({
      scenario_filter: { stickiness_boost: 1.5, fallback_behavior: "panic" },
      rerun: { max_reruns: 2.5 },
      fatigue: { decay: 0.1 },
      colour: "blue",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [...i.path, i.code].join("."))).toEqual([
      "scenario_filter.stickiness_boost.too_big",
      "scenario_filter.fallback_behavior.invalid_value",
      "rerun.max_reruns.invalid_type",
      "fatigue.unrecognized_keys",
      "unrecognized_keys",
    ]);
  });
});
