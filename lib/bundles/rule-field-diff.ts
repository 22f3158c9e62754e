import { BundleRule } from "@/lib/engine/contracts/bundle";
import { diffEntityFields, type EntityFieldDiff } from "./entity-field-diff";

export type { FieldChange } from "./entity-field-diff";
export type RuleFieldDiff = EntityFieldDiff;

const RULE_FIELDS = Object.keys(BundleRule.shape) as (keyof BundleRule & string)[];

/** The field-level diff of one rule (see diffEntityFields); null before = created, null after = deleted. */
export function diffRuleFields(before: BundleRule | null, after: BundleRule | null): RuleFieldDiff {
  return diffEntityFields(RULE_FIELDS, before, after);
}
