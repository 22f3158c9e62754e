// The orders a bundle's canonical form is built from. Code-unit order, not localeCompare: an exported
// file must be byte-identical on every machine and locale.

const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function sortedBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
}

export function sortedRecord<V>(record: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compareKeys(a, b)));
}

/** Free-form JSON (a static tool's data, a test's profile) has no schema order; PostgreSQL jsonb keeps none either. */
export function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => compareKeys(a, b))
        .map(([k, v]) => [k, sortedDeep(v)]),
    );
  }
  return value;
}
