import type { BundleTool } from "@/lib/engine/contracts/bundle";

// The one stored form of a tool, the form readAgentBundle hands back (lib/bundles/serialize-bundle.ts):
// input properties and output variables sorted by name, static data with every object's keys sorted
// (PostgreSQL jsonb keeps no key order). Saves compare and diff in this form, so re-saving a tool whose
// rows were typed in another order is "nothing changed", not a spurious diff.

// Code-unit order, as serialize-bundle.ts: the same on every machine and locale.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortedRecord<V>(record: Readonly<Record<string, V>>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compare(a, b)));
}

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

export function canonicalTool(tool: BundleTool): BundleTool {
  const base = {
    key: tool.key,
    name: tool.name,
    description: tool.description,
    input_schema: {
      type: tool.input_schema.type,
      properties: sortedRecord(tool.input_schema.properties),
      required: tool.input_schema.required,
    },
  };
  if (tool.kind === "static") {
    return {
      ...base,
      kind: "static",
      output: {
        data: sortedDeep(tool.output.data) as typeof tool.output.data,
        variables: sortedRecord(tool.output.variables),
      },
    };
  }
  const { url, method, timeout_ms, max_bytes, variables } = tool.output;
  return { ...base, kind: "http", output: { url, method, timeout_ms, max_bytes, variables: sortedRecord(variables) } };
}
