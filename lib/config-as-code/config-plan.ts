import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { diffSettings } from "@/lib/settings/settings-diff";
import { CONFIG_KINDS, type ConfigKind } from "./config-kinds";

// `focal apply`'s plan (docs/config-as-code.md): the entity changes that take an agent's configuration
// to a bundle's, matched by key. A key only one side has is an add or a remove (a renamed entity is
// both: rename it over REST to keep its id); one both have is a change when a field differs.

export interface PlannedChange {
  kind: ConfigKind | "settings";
  action: "add" | "change" | "remove";
  key: string;
  /** The fields that differ ("section.key" for settings); empty for an add or a remove. */
  fields: string[];
}

// Adds and changes run in this order, removes in the reverse: what a rule, tool or scenario refers to
// exists before it is referred to, and is removed only after what referred to it was changed or removed.
const DEPENDENCY_ORDER: ConfigKind[] = ["profile-fields", "variables", "tools", "scenarios", "rules"];

type Entity = Record<string, unknown>;

/** JSON with object keys sorted: a bundle file may order a tool's schema keys unlike the stored form. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const keyField = (kind: ConfigKind) =>
  kind === "profile-fields" ? "field_name" : kind === "variables" ? "name" : "key";

function kindChanges(kind: ConfigKind, current: Bundle, target: Bundle): PlannedChange[] {
  const list = CONFIG_KINDS[kind].list;
  const byKey = (bundle: Bundle) =>
    new Map((bundle[list] as readonly Entity[]).map((entity) => [String(entity[keyField(kind)]), entity]));
  const before = byKey(current);
  const after = byKey(target);
  const changes: PlannedChange[] = [];
  for (const [key, entity] of after) {
    const stored = before.get(key);
    if (!stored) {
      changes.push({ kind, action: "add", key, fields: [] });
      continue;
    }
    const names = [...new Set([...Object.keys(stored), ...Object.keys(entity)])];
    const fields = names.filter((name) => stableJson(stored[name]) !== stableJson(entity[name]));
    if (fields.length > 0) changes.push({ kind, action: "change", key, fields });
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push({ kind, action: "remove", key, fields: [] });
  return changes;
}

/**
 * The changes in the order they are applied: settings first (the tests gate of the saves after them
 * is the agent's as it was), adds and changes in dependency order, then removes in the reverse.
 */
export function planConfigChanges(current: Bundle, target: Bundle): PlannedChange[] {
  const settings = Object.keys(
    diffSettings(resolveAgentSettings(current.agent.settings), resolveAgentSettings(target.agent.settings)),
  );
  const changes = DEPENDENCY_ORDER.flatMap((kind) => kindChanges(kind, current, target));
  return [
    ...(settings.length > 0
      ? [{ kind: "settings" as const, action: "change" as const, key: "settings", fields: settings }]
      : []),
    ...changes.filter((c) => c.action !== "remove"),
    ...[...DEPENDENCY_ORDER]
      .reverse()
      .flatMap((kind) => changes.filter((c) => c.kind === kind && c.action === "remove")),
  ];
}

const SIGN = { add: "+", change: "~", remove: "-" } as const;
const PAST = { add: "added", change: "changed", remove: "removed" } as const;
const nounOf = (kind: PlannedChange["kind"]) =>
  kind === "settings" ? "settings" : CONFIG_KINDS[kind].entity.replace("_", " ");

/** One line per change ("  ~ rule max-refund: enforcement_expression"), then the counts. */
export function describePlan(plan: readonly PlannedChange[]): string {
  const lines = plan.map(
    (c) =>
      `  ${SIGN[c.action]} ${nounOf(c.kind)}${c.kind === "settings" ? "" : ` ${c.key}`}${c.fields.length > 0 ? `: ${c.fields.join(", ")}` : ""}`,
  );
  return `${lines.join("\n")}${lines.length > 0 ? "\n" : ""}${planCounts(plan)}\n`;
}

/** "1 scenario added, 3 rules changed, 0 removed": the changes by kind and action, removes always named. */
function planCounts(plan: readonly PlannedChange[]): string {
  const counts = new Map<string, number>();
  for (const c of plan) {
    const label = `${nounOf(c.kind)}|${c.action}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, n]) => {
    const [noun = "", action = "change"] = label.split("|");
    const plural = n === 1 || noun === "settings" ? noun : `${noun}s`;
    return `${n} ${plural} ${PAST[action as PlannedChange["action"]]}`;
  });
  if (!plan.some((c) => c.action === "remove")) parts.push("0 removed");
  return parts.join(", ");
}
