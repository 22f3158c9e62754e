import { BundleRule } from "@/lib/engine/contracts/bundle";

/** One changed field of a rule: rule texts are configuration, not customer data, so values are kept. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** Field name → before/after, in the bundle's field order; only fields that differ. */
export type RuleFieldDiff = Record<string, FieldChange>;

const RULE_FIELDS = Object.keys(BundleRule.shape) as (keyof BundleRule)[];

/**
 * The field-level diff of one rule for a CONFIG_CHANGED ledger event. `before` null is a rule that did
 * not exist (created, duplicated): every field is listed with before null; `after` null, one deleted.
 * Rule fields are scalars and lists of keys, so JSON text equality is exact.
 */
export function diffRuleFields(before: BundleRule | null, after: BundleRule | null): RuleFieldDiff {
  const diff: RuleFieldDiff = {};
  for (const field of RULE_FIELDS) {
    const a = before === null ? null : before[field];
    const b = after === null ? null : after[field];
    if (before !== null && after !== null && JSON.stringify(a) === JSON.stringify(b)) continue;
    diff[field] = { before: a, after: b };
  }
  return diff;
}
