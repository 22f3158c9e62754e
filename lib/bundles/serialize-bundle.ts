import { Bundle, type BundleInput, type BundleTool } from "@/lib/engine/contracts/bundle";

// Code-unit order, not localeCompare: the file must be byte-identical on every machine and locale.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortedBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => compare(keyOf(a), keyOf(b)));
}

function sortedRecord<V>(record: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compare(a, b)));
}

/** Free-form JSON (a static tool's data) has no schema order; PostgreSQL jsonb keeps none either. */
function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => compare(a, b))
        .map(([k, v]) => [k, sortedDeep(v)]),
    );
  }
  return value;
}

function canonicalTool(tool: BundleTool): BundleTool {
  const input_schema = { ...tool.input_schema, properties: sortedRecord(tool.input_schema.properties) };
  if (tool.kind === "static") {
    const output = {
      ...tool.output,
      data: sortedDeep(tool.output.data),
      variables: sortedRecord(tool.output.variables),
    };
    return { ...tool, input_schema, output: output as typeof tool.output };
  }
  return { ...tool, input_schema, output: { ...tool.output, variables: sortedRecord(tool.output.variables) } };
}

/**
 * The one canonical form of a bundle: every default written out, fields in schema order (zod builds
 * its output in shape order), top-level entities sorted by key, record keys sorted. Steps,
 * transitions and list fields keep their authored order, which carries meaning.
 */
export function canonicalBundle(bundle: Bundle | BundleInput): Bundle {
  const parsed = Bundle.parse(bundle);
  return {
    ...parsed,
    profile_fields: sortedBy(parsed.profile_fields, (f) => f.field_name),
    variables: sortedBy(parsed.variables, (v) => v.name).map((v) =>
      v.rates ? { ...v, rates: sortedRecord(v.rates) } : v,
    ),
    tools: sortedBy(parsed.tools, (t) => t.key).map(canonicalTool),
    scenarios: sortedBy(parsed.scenarios, (s) => s.key),
    rules: sortedBy(parsed.rules, (r) => r.key),
    tests: sortedBy(parsed.tests, (t) => t.key).map((t) => ({
      ...t,
      customer_profile: sortedDeep(t.customer_profile) as typeof t.customer_profile,
      turns: t.turns.map((turn) => (turn.tape ? { ...turn, tape: sortedDeep(turn.tape) as typeof turn.tape } : turn)),
    })),
  };
}

/** The bundle file's text: canonical form, 2-space JSON, trailing newline; export → import → export is stable. */
export function serializeBundle(bundle: Bundle | BundleInput): string {
  return `${JSON.stringify(canonicalBundle(bundle), null, 2)}\n`;
}
