import { type ConfigReference, referencesTo } from "@/lib/bundles/config-references";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import type { McpSyncDiff, McpSyncItem } from "./mcp-schemas";
import {
  changedFields,
  type ListedTool,
  type McpServerSource,
  type McpTool,
  mapListedTool,
  refreshedTool,
} from "./mcp-tool-mapping";

// What a sync of one MCP server would do to the agent's tools (docs/tools.md#mcp-servers), pure: the
// server's tools not yet imported (add), imported ones whose description, input schema, URL or
// credential differ (change), imported ones the server no longer lists (remove), and of those the
// ones a rule attaches or a test names (kept_in_use: a sync never removes them). `chosen` narrows
// add, change and remove to those server tool names. A new tool whose key another tool has already
// is a clash: the sync is refused, naming both.

export interface SyncPlan {
  add: McpTool[];
  change: { stored: McpTool; next: McpTool; fields: string[] }[];
  remove: McpTool[];
  keptInUse: { tool: McpTool; references: ConfigReference[] }[];
  unsupported: { tool: string; reason: string }[];
  /** Problems that refuse the whole sync: clashing keys, chosen names the diff does not have. */
  problems: { path: string; message: string }[];
}

function isFrom(tool: Bundle["tools"][number], server: string): tool is McpTool {
  return tool.kind === "mcp" && tool.output.server === server;
}

/** Clashes of the tools to add with the agent's other tools and with each other. */
function clashes(bundle: Bundle, add: readonly McpTool[]): SyncPlan["problems"] {
  const problems: SyncPlan["problems"] = [];
  const taken = new Map(bundle.tools.map((tool) => [tool.key, tool]));
  for (const tool of add) {
    const other = taken.get(tool.key);
    if (other) {
      const what =
        other.kind === "mcp"
          ? `tool ${other.output.tool} of MCP server "${other.output.server}"`
          : `a ${other.kind} tool`;
      problems.push({
        path: "tools",
        message: `The server's tool "${tool.output.tool}" would get the key "${tool.key}", which ${what} already has: rename or delete that tool, or leave "${tool.output.tool}" out of this sync.`,
      });
    }
    taken.set(tool.key, tool);
  }
  return problems;
}

export function planSync(
  bundle: Bundle,
  server: McpServerSource,
  listed: readonly ListedTool[],
  chosen?: readonly string[],
): SyncPlan {
  const pick = chosen ? new Set(chosen) : null;
  const wanted = (name: string) => pick === null || pick.has(name);
  const stored = new Map(bundle.tools.filter((t) => isFrom(t, server.name)).map((t) => [t.output.tool, t]));
  const plan: SyncPlan = { add: [], change: [], remove: [], keptInUse: [], unsupported: [], problems: [] };
  const known = new Set<string>(stored.keys());
  for (const item of listed) {
    known.add(item.name);
    const mapped = mapListedTool(server, item);
    if (!mapped.ok) {
      plan.unsupported.push({ tool: mapped.tool, reason: mapped.reason });
      continue;
    }
    if (!wanted(item.name)) continue;
    const existing = stored.get(item.name);
    if (!existing) plan.add.push(mapped.tool);
    else {
      const fields = changedFields(existing, mapped.tool);
      if (fields.length > 0) plan.change.push({ stored: existing, next: refreshedTool(existing, mapped.tool), fields });
    }
  }
  const listedNames = new Set(listed.map((item) => item.name));
  for (const [name, tool] of stored) {
    if (listedNames.has(name) || !wanted(name)) continue;
    const references = referencesTo(bundle, "tool", tool.key);
    if (references.length > 0) plan.keptInUse.push({ tool, references });
    else plan.remove.push(tool);
  }
  for (const name of pick ?? []) {
    if (!known.has(name))
      plan.problems.push({ path: "tools", message: `The server has no tool "${name}" and none was imported from it.` });
  }
  plan.problems.push(...clashes(bundle, plan.add));
  return plan;
}

function itemOf(tool: McpTool, fields?: string[]): McpSyncItem {
  return {
    tool: tool.output.tool,
    key: tool.key,
    description: tool.description,
    input_schema: tool.input_schema,
    ...(fields ? { fields } : {}),
  };
}

/** The plan as the sync's answer. */
export function diffOf(
  plan: SyncPlan,
  meta: Pick<McpSyncDiff, "server" | "dry_run" | "applied" | "config_version">,
): McpSyncDiff {
  return {
    ...meta,
    add: plan.add.map((tool) => itemOf(tool)),
    change: plan.change.map(({ next, fields }) => itemOf(next, fields)),
    remove: plan.remove.map((tool) => itemOf(tool)),
    kept_in_use: plan.keptInUse.map(({ tool, references }) => ({ ...itemOf(tool), references })),
    unsupported: plan.unsupported,
  };
}

/** Whether applying the plan changes nothing. */
export function isEmptyPlan(plan: SyncPlan): boolean {
  return plan.add.length + plan.change.length + plan.remove.length === 0;
}
