import { BundleRule } from "@/lib/engine/contracts/bundle";

/** A lane-1 refund cap scoped to the "refund" scenario, attaching lookup_order; `extra` sets more fields. */
export function maxRefundRule(extra: Partial<BundleRule> = {}): BundleRule {
  return BundleRule.parse({
    key: "max-refund",
    name: "Max refund",
    condition_text: "A refund is offered",
    action_text: "At most $50",
    scope: "SCENARIO",
    scope_ref: "refund",
    is_hard_constraint: true,
    enforcement_expression: "refund_amount <= 50",
    attached_tools: ["lookup_order"],
    ...extra,
  });
}
