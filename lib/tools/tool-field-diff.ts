import { diffEntityFields, type EntityFieldDiff } from "@/lib/bundles/entity-field-diff";
import type { BundleTool } from "@/lib/engine/contracts/bundle";

// A tool's ledger diff names the output's parts ("output.url", "output.variables"), not one "output"
// blob: the history then shows that a timeout went from 5000 to 2000 without repeating the URL. A
// field the tool's kind does not have is absent (null in the diff), so a kind change lists both sides.

const TOOL_DIFF_FIELDS = [
  "key",
  "name",
  "description",
  "kind",
  "requires_approval",
  "input_schema",
  "output.data",
  "output.url",
  "output.method",
  "output.credential",
  "output.query",
  "output.headers",
  "output.body",
  "output.timeout_ms",
  "output.max_bytes",
  "output.server",
  "output.tool",
  "output.variables",
] as const;

type ToolDiffField = (typeof TOOL_DIFF_FIELDS)[number];

function flatten(tool: BundleTool): Record<ToolDiffField, unknown> {
  const output = tool.output as Record<string, unknown>;
  return {
    key: tool.key,
    name: tool.name,
    description: tool.description,
    kind: tool.kind,
    // Off is the field's absence (null), as for every bundle written before it: only turning it on or off shows.
    requires_approval: tool.requires_approval === true ? true : null,
    input_schema: tool.input_schema,
    "output.data": output.data,
    "output.url": output.url,
    "output.method": output.method,
    // The credential's name only: its value is never part of a tool.
    "output.credential": output.credential,
    "output.query": output.query,
    "output.headers": output.headers,
    "output.body": output.body,
    "output.timeout_ms": output.timeout_ms,
    "output.max_bytes": output.max_bytes,
    // mcp: the MCP server's registration name and the tool's name on it.
    "output.server": output.server,
    "output.tool": output.tool,
    "output.variables": output.variables,
  };
}

/** The field-level diff of one tool (see diffEntityFields); null before = created, null after = deleted. */
export function diffToolFields(before: BundleTool | null, after: BundleTool | null): EntityFieldDiff {
  const diff = diffEntityFields(TOOL_DIFF_FIELDS, before && flatten(before), after && flatten(after));
  // A field neither side has (output.url of a static tool that was created) is not a change.
  return Object.fromEntries(
    Object.entries(diff).filter(([, change]) => change.before !== null || change.after !== null),
  );
}
