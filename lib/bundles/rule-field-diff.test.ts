import { describe, expect, it } from "vitest";
import { BundleRule } from "@/lib/engine/contracts/bundle";
import { diffRuleFields } from "./rule-field-diff";

const rule = BundleRule.parse({
  key: "max-refund",
  name: "Max refund",
  condition_text: "A refund is offered",
  action_text: "At most $50",
  scope: "SCENARIO",
  scope_ref: "refund",
  is_hard_constraint: true,
  enforcement_expression: "refund_amount <= 50",
  attached_tools: ["lookup_order"],
});

describe("diffRuleFields", () => {
  it("lists only the fields that changed, with before and after", () => {
    const after = { ...rule, enforcement_expression: "refund_amount <= 40", attached_tools: [], priority: 5 };
    expect(diffRuleFields(rule, after)).toEqual({
      priority: { before: 0, after: 5 },
      enforcement_expression: { before: "refund_amount <= 50", after: "refund_amount <= 40" },
      attached_tools: { before: ["lookup_order"], after: [] },
    });
    expect(diffRuleFields(rule, { ...rule })).toEqual({});
  });

  it("lists every field of a created or deleted rule", () => {
    const created = diffRuleFields(null, rule);
    expect(Object.keys(created)).toEqual(Object.keys(BundleRule.shape));
    expect(created.key).toEqual({ before: null, after: "max-refund" });
    expect(diffRuleFields(rule, null).scope_ref).toEqual({ before: "refund", after: null });
  });
});
