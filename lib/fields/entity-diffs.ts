import { diffEntityFields, type EntityFieldDiff } from "@/lib/bundles/entity-field-diff";
import { BundleProfileField, BundleVariable } from "@/lib/engine/contracts/bundle";
import type { ProfileField, ResponseVariable } from "./field-action-schemas";

// The ledger's field-level diffs of the two entities, in their bundle schemas' field order.
const PROFILE_FIELD_FIELDS = Object.keys(BundleProfileField.shape) as (keyof ProfileField & string)[];
const VARIABLE_FIELDS = Object.keys(BundleVariable.shape) as (keyof ResponseVariable & string)[];

/** null before = created, null after = deleted (see diffEntityFields). */
export function diffProfileField(before: ProfileField | null, after: ProfileField | null): EntityFieldDiff {
  return diffEntityFields(PROFILE_FIELD_FIELDS, before, after);
}

export function diffVariable(before: ResponseVariable | null, after: ResponseVariable | null): EntityFieldDiff {
  return diffEntityFields(VARIABLE_FIELDS, before, after);
}
