import { describe, expect, it } from "vitest";
import { overridesFromStored, settingKind, settingsFromOverrides } from "./settings-form-state";

describe("settings form state", () => {
  it("reads each setting's control from the settings schema", () => {
    expect(settingKind("scenario_filter", "enabled")).toEqual({ kind: "boolean" });
    expect(settingKind("scenario_filter", "stickiness_boost")).toEqual({
      kind: "number",
      min: 0,
      max: 1,
      integer: false,
    });
    expect(settingKind("enforcement", "max_retries")).toEqual({ kind: "number", min: 0, max: 10, integer: true });
    expect(settingKind("input_safety", "mode")).toEqual({
      kind: "enum",
      options: ["off", "flag", "refuse", "handoff"],
    });
    expect(settingKind("input_safety", "abuse_words")).toEqual({ kind: "list" });
    expect(settingKind("input_safety", "refusal_message")).toEqual({ kind: "text" });
    expect(settingKind("input_safety", "model_check")).toEqual({ kind: "boolean" });
    expect(settingKind("scenario_filter", "fallback_behavior")).toEqual({
      kind: "enum",
      options: ["clarify", "stay", "escalate"],
    });
    expect(settingKind("enforcement", "llm_judge_models")).toEqual({ kind: "list" });
    expect(settingKind("sensor", "out_of_scope_reply")).toEqual({ kind: "text" });
  });

  it("review sampling is typed as outcome=share pairs and stored as rules", () => {
    expect(settingKind("reviews", "sampling")).toEqual({ kind: "shares" });
    const stored = {
      reviews: {
        sampling: [
          { outcome: "fallback", share: 1 },
          { outcome: "answered", share: 0.1 },
        ],
      },
    };
    const overrides = overridesFromStored(stored);
    expect(overrides).toEqual({ "reviews.sampling": "fallback=1, answered=0.1" });
    expect(settingsFromOverrides(overrides)).toEqual({ ok: true, settings: stored });
    expect(settingsFromOverrides({ "reviews.sampling": "fallback: all" })).toEqual({
      ok: false,
      fieldErrors: { "reviews.sampling": ["Write outcome=share pairs, e.g. fallback=1, answered=0.1."] },
    });
  });

  it("keeps a text setting's commas: a reply is not a list", () => {
    const reply = "Sorry, I can only help with refunds, prices and orders.";
    expect(settingsFromOverrides({ "sensor.out_of_scope_reply": reply })).toEqual({
      ok: true,
      settings: { sensor: { out_of_scope_reply: reply } },
    });
  });

  it("round-trips stored settings through the inputs", () => {
    const stored = {
      enforcement: { max_retries: 2, llm_judge_models: ["a", "b"], enabled: false },
      scenario_filter: { fallback_behavior: "stay" },
    };
    const overrides = overridesFromStored(stored);
    expect(overrides).toEqual({
      "enforcement.max_retries": "2",
      "enforcement.llm_judge_models": "a, b",
      "enforcement.enabled": false,
      "scenario_filter.fallback_behavior": "stay",
    });
    expect(settingsFromOverrides(overrides)).toEqual({ ok: true, settings: stored });
  });

  it("names numbers that are not numbers; range checks are the server's", () => {
    expect(settingsFromOverrides({ "enforcement.max_retries": "two", "rerun.max_reruns": " " })).toEqual({
      ok: false,
      fieldErrors: { "enforcement.max_retries": ["Enter a number."], "rerun.max_reruns": ["Enter a number."] },
    });
    expect(settingsFromOverrides({ "enforcement.max_retries": "99" })).toMatchObject({ ok: true });
  });

  it("privacy patterns are typed one name=pattern a line, tools given real values as a comma list", () => {
    expect(settingKind("privacy", "patterns")).toEqual({ kind: "patterns" });
    expect(settingKind("privacy", "tools")).toEqual({ kind: "tool_flags" });
    expect(settingKind("privacy", "mask")).toEqual({ kind: "list" });
    const stored = {
      privacy: {
        patterns: [
          { name: "order_ref", pattern: "ORD-[0-9]{6}" },
          { name: "ticket", pattern: "T=[0-9]+" },
        ],
        tools: { lookup_order: { receives_real_values: true }, refund: { receives_real_values: false } },
      },
    };
    const overrides = overridesFromStored(stored);
    expect(overrides).toEqual({
      "privacy.patterns": "order_ref=ORD-[0-9]{6}\nticket=T=[0-9]+",
      "privacy.tools": "lookup_order",
    });
    expect(settingsFromOverrides(overrides)).toEqual({
      ok: true,
      settings: {
        privacy: {
          patterns: stored.privacy.patterns,
          tools: { lookup_order: { receives_real_values: true } },
        },
      },
    });
    expect(settingsFromOverrides({ "privacy.patterns": "no equals sign" })).toMatchObject({
      ok: false,
      fieldErrors: { "privacy.patterns": [expect.stringContaining("name=pattern")] },
    });
  });

  it("model prices are typed one model = input / output / cached a line and round-trip", () => {
    expect(settingKind("pricing", "models")).toEqual({ kind: "prices" });
    const stored = {
      pricing: {
        models: {
          "local-llama": { input_per_million: 0.5, output_per_million: 1.5 },
          "gpt-4o-mini": { input_per_million: 0.15, output_per_million: 0.6, cached_input_per_million: 0.075 },
        },
      },
    };
    const overrides = overridesFromStored(stored);
    expect(overrides).toEqual({ "pricing.models": "local-llama = 0.5 / 1.5\ngpt-4o-mini = 0.15 / 0.6 / 0.075" });
    expect(settingsFromOverrides(overrides)).toEqual({ ok: true, settings: stored });
    for (const typed of ["local-llama 0.5 / 1.5", "m = 1", "m = 1 / x", "m = 1 / 2 / 3 / 4", "= 1 / 2"]) {
      expect(settingsFromOverrides({ "pricing.models": typed }), typed).toMatchObject({
        ok: false,
        fieldErrors: { "pricing.models": [expect.stringContaining("model = input / output")] },
      });
    }
  });
});
