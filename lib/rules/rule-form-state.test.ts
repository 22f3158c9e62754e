import { describe, expect, it } from "vitest";
import { keyFromName } from "@/lib/keys/key-from-name";
import { maxRefundRule } from "@/test/support/rule-fixtures";
import { formFromRule, NEW_RULE_FORM, ruleFromForm } from "./rule-form-state";

const rule = maxRefundRule({ priority: 50, max_fires_per_session: 2 });

describe("rule form state", () => {
  it("round-trips a rule through the form unchanged", () => {
    expect(ruleFromForm(formFromRule(rule))).toEqual({ ok: true, rule });
  });

  it("sends no expression unless the rule is a lane-1 hard constraint, but keeps it in the form", () => {
    const soft = { ...formFromRule(rule), is_hard_constraint: false };
    expect(ruleFromForm(soft)).toMatchObject({ ok: true, rule: { enforcement_expression: null } });
    expect(soft.enforcement_expression).toBe("refund_amount <= 50");
    const judged = { ...formFromRule(rule), enforcement_lane: "subjective" as const };
    expect(ruleFromForm(judged)).toMatchObject({ ok: true, rule: { enforcement_expression: null } });
  });

  it("sends the expression as typed, so error positions match what the designer sees", () => {
    const spaced = { ...formFromRule(rule), enforcement_expression: "  refund_amount <" };
    expect(ruleFromForm(spaced)).toMatchObject({ rule: { enforcement_expression: "  refund_amount <" } });
  });

  it("blank limits take the bundle defaults; GLOBAL drops the target", () => {
    const form = { ...NEW_RULE_FORM, scope_ref: "refund", priority: " ", cooldown_turns: "" };
    expect(ruleFromForm(form)).toMatchObject({
      ok: true,
      rule: { scope_ref: null, priority: 0, cooldown_turns: 0, max_fires_per_session: null },
    });
  });

  it("names number fields that are not whole numbers", () => {
    const form = { ...NEW_RULE_FORM, priority: "1.5", max_fires_per_session: "many" };
    expect(ruleFromForm(form)).toEqual({
      ok: false,
      fieldErrors: { priority: ["Enter a whole number."], max_fires_per_session: ["Enter a whole number."] },
    });
  });

  it("suggests a key from the name", () => {
    expect(keyFromName("Refunds above $50 need a specialist!")).toBe("refunds-above-50-need-a-specialist");
    expect(keyFromName("  Élan  ")).toBe("elan");
  });
});
