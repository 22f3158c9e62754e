import { z } from "zod";
import { entityFieldsOf } from "@/lib/bundles/entity-fields-of";
import { CEL_MAX_EXPRESSION_LENGTH } from "@/lib/engine/cel/cel-environment";
import { AgentKey, BundleRule, EntityKey, VariableName } from "@/lib/engine/contracts/bundle";
import { AgentAtVersion } from "@/lib/versioning/agent-at-version";

// Client-safe inputs of the rule server actions. The rule's own fields ARE the bundle's rule
// (BundleRule), so the editor form, the actions and bundle import share one schema: names, limits
// and messages cannot drift apart.

export const CreateRuleInput = BundleRule.extend(AgentAtVersion);
export type CreateRuleInput = z.input<typeof CreateRuleInput>;

/** `rule_key` is the rule's key as loaded; `key` may rename it (its id, fire counts and traces stay). */
export const UpdateRuleInput = BundleRule.extend({ ...AgentAtVersion, rule_key: EntityKey });
export type UpdateRuleInput = z.input<typeof UpdateRuleInput>;

export const RuleRefInput = z.strictObject({ ...AgentAtVersion, rule_key: EntityKey });
export type RuleRefInput = z.input<typeof RuleRefInput>;

export const SetRuleEnabledInput = RuleRefInput.extend({ enabled: z.boolean() });
export type SetRuleEnabledInput = z.input<typeof SetRuleEnabledInput>;

// 50 variables and 10,000 characters a value are far above what a person types into a tester.
export const EvaluateRuleExpressionInput = z.strictObject({
  agent_key: AgentKey,
  expression: z.string().max(CEL_MAX_EXPRESSION_LENGTH),
  values: z
    .record(VariableName, z.string().max(10_000))
    .refine((values) => Object.keys(values).length <= 50, "At most 50 values"),
});
export type EvaluateRuleExpressionInput = z.input<typeof EvaluateRuleExpressionInput>;

/** The rule fields of an input: what is written to the database and compared in the diff. */
export function ruleFieldsOf(input: z.output<typeof CreateRuleInput> | z.output<typeof UpdateRuleInput>): BundleRule {
  return entityFieldsOf<BundleRule>(BundleRule, input);
}

/** What every rule mutation returns: the agent's version afterwards and whether anything changed. */
export interface RuleChangeResult {
  config_version: number;
  /** false when the save changed no field: nothing is written and the version stays. */
  changed: boolean;
  rule: BundleRule | null;
}
