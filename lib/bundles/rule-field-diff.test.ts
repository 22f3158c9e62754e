import { describe, expect, it } from "vitest";
import { BundleRule } from "@/lib/engine/contracts/bundle";
import { maxRefundRule } from "@/test/support/rule-fixtures";
import { diffRuleFields } from "./rule-field-diff";

const rule = maxRefundRule();

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
