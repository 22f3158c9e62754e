import { describe, expect, it } from "vitest";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import { NEW_RULE_FORM, type RuleFormState } from "./rule-form-state";
import { sameRuleAs } from "./same-rule";

const rule = (over: Partial<BundleRule>): BundleRule => ({
  key: "max-refund",
  name: "Refunds above $50",
  condition_text: "Customer asks for a refund",
  action_text: "Never promise more than $50.",
  scope: "GLOBAL",
  scope_ref: null,
  priority: 0,
  is_hard_constraint: false,
  enforcement_expression: null,
  enforcement_lane: "deterministic",
  on_violation: "fallback",
  attached_tools: [],
  max_fires_per_session: null,
  cooldown_turns: 0,
  enabled: true,
  ...over,
});

const form = (over: Partial<RuleFormState>): RuleFormState => ({
  ...NEW_RULE_FORM,
  key: "copy",
  condition_text: "Customer asks for a refund",
  action_text: "Never promise more than $50.",
  ...over,
});

describe("sameRuleAs", () => {
  const rules = [rule({}), rule({ key: "greet", name: "Greeting", condition_text: "Hello", action_text: "Greet" })];

  it("finds the rule with the same condition and action, ignoring case and spacing", () => {
    expect(sameRuleAs(form({ condition_text: "customer  asks for a REFUND\n" }), rules, null)?.name).toBe(
      "Refunds above $50",
    );
  });

  it("a different action, scope or condition is not the same rule", () => {
    expect(sameRuleAs(form({ action_text: "Offer store credit." }), rules, null)).toBeNull();
    expect(sameRuleAs(form({ scope: "SCENARIO", scope_ref: "refunds" }), rules, null)).toBeNull();
    expect(sameRuleAs(form({ condition_text: "Customer is angry" }), rules, null)).toBeNull();
  });

  it("never compares the rule being edited with itself", () => {
    expect(sameRuleAs(form({ key: "max-refund" }), rules, "max-refund")).toBeNull();
  });

  it("lane-1 rules compare their expressions, whatever their condition text says", () => {
    const hard = rule({
      key: "cap",
      is_hard_constraint: true,
      enforcement_expression: "refund.amount <= 50.0",
      condition_text: "Refund",
    });
    const typed = {
      is_hard_constraint: true,
      condition_text: "Any refund",
      enforcement_expression: "refund.amount<=50.0",
    };
    expect(sameRuleAs(form(typed), [hard], null)?.key).toBe("cap");
    expect(sameRuleAs(form({ ...typed, enforcement_expression: "refund.amount <= 60.0" }), [hard], null)).toBeNull();
  });

  it("an empty form matches nothing", () => {
    expect(
      sameRuleAs(
        form({ condition_text: "", action_text: "" }),
        [rule({ condition_text: " ", action_text: " " })],
        null,
      ),
    ).toBeNull();
  });
});
