/** One changed field: configuration texts are not customer data, so before and after are kept. */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** Field name → before/after, in the given field order; only fields that differ. */
export type EntityFieldDiff = Record<string, FieldChange>;

/**
 * The field-level diff of one configuration entity (rule, scenario, tool, profile field, response
 * variable) for a CONFIG_CHANGED ledger event. `before` null is an entity that did not exist (created,
 * duplicated): every field is listed with before null; `after` null, one deleted. Entities are plain
 * JSON in a fixed key order (their bundle schema's), so JSON text equality is exact.
 */
export function diffEntityFields<T extends object>(
  fields: readonly (keyof T & string)[],
  before: T | null,
  after: T | null,
): EntityFieldDiff {
  const diff: EntityFieldDiff = {};
  for (const field of fields) {
    // An optional field neither side has (a number variable's currency) is no change.
    if ((before === null || before[field] === undefined) && (after === null || after[field] === undefined)) continue;
    const a = before === null ? null : before[field];
    const b = after === null ? null : after[field];
    if (before !== null && after !== null && JSON.stringify(a) === JSON.stringify(b)) continue;
    diff[field] = { before: a ?? null, after: b ?? null };
  }
  return diff;
}
