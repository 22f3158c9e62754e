import { sortedDeep, sortedRecord } from "@/lib/bundles/canonical-order";
import type { BundleTool } from "@/lib/engine/contracts/bundle";

// The one stored form of a tool, used by the bundle file and by every tool save: input properties and
// output variables sorted by name, static data with every object's keys sorted (PostgreSQL jsonb keeps
// no key order), fields in the order they came (schema order once parsed). Saves compare and diff in
// this form, so re-saving a tool whose rows were typed in another order is "nothing changed".
export function canonicalTool(tool: BundleTool): BundleTool {
  const input_schema = { ...tool.input_schema, properties: sortedRecord(tool.input_schema.properties) };
  if (tool.kind === "static") {
    const output = {
      ...tool.output,
      data: sortedDeep(tool.output.data),
      variables: sortedRecord(tool.output.variables),
    };
    return { ...tool, input_schema, output: output as typeof tool.output };
  }
  if (tool.kind === "mcp") {
    return { ...tool, input_schema, output: { ...tool.output, variables: sortedRecord(tool.output.variables) } };
  }
  // Query, headers and the body template are jsonb too: their keys sorted like the data's.
  const { query, headers, body } = tool.output;
  const output = {
    ...tool.output,
    ...(query ? { query: sortedRecord(query) } : {}),
    ...(headers ? { headers: sortedRecord(headers) } : {}),
    ...(body !== undefined ? { body: sortedDeep(body) } : {}),
    variables: sortedRecord(tool.output.variables),
  };
  return { ...tool, input_schema, output: output as typeof tool.output };
}
