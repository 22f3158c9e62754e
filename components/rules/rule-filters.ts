import type { BundleRule } from "@/lib/engine/contracts/bundle";

// The rules table's filters, as they sit in the URL (?scope=STEP&target=refund&q=refund), so a
// filtered view can be shared and survives a reload. Values outside the lists below are ignored.

const SCOPES = ["GLOBAL", "SCENARIO", "STEP"] as const;
const ENABLED = ["on", "off"] as const;
const HARD = ["hard", "soft"] as const;
const LANES = ["deterministic", "subjective"] as const;

export interface RuleFilters {
  scope: (typeof SCOPES)[number] | "";
  /** A scenario key (its scenario and step rules) or "scenario/step" (that step's rules). */
  target: string;
  enabled: (typeof ENABLED)[number] | "";
  hard: (typeof HARD)[number] | "";
  lane: (typeof LANES)[number] | "";
  /** Free text over key, name, condition and action. */
  q: string;
  /** Priority order; higher priority wins a conflict, so descending is the default. */
  sort: "desc" | "asc";
}

export const NO_FILTERS: RuleFilters = { scope: "", target: "", enabled: "", hard: "", lane: "", q: "", sort: "desc" };

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | "" =>
  list.includes(value as T) ? (value as T) : "";

export function readRuleFilters(params: URLSearchParams): RuleFilters {
  return {
    scope: oneOf(SCOPES, params.get("scope")),
    target: params.get("target") ?? "",
    enabled: oneOf(ENABLED, params.get("enabled")),
    hard: oneOf(HARD, params.get("hard")),
    lane: oneOf(LANES, params.get("lane")),
    q: params.get("q") ?? "",
    sort: params.get("sort") === "asc" ? "asc" : "desc",
  };
}

/** Only what differs from the defaults, in a fixed order, so equal filters give equal URLs. */
export function writeRuleFilters(filters: RuleFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ["scope", "target", "enabled", "hard", "lane", "q"] as const) {
    if (filters[name]) params.set(name, filters[name]);
  }
  if (filters.sort === "asc") params.set("sort", "asc");
  return params;
}

export function hasRuleFilters(filters: RuleFilters): boolean {
  return writeRuleFilters({ ...filters, sort: "desc" }).size > 0;
}

function matchesTarget(rule: BundleRule, target: string): boolean {
  if (!target) return true;
  if (rule.scope_ref === null) return false;
  return target.includes("/")
    ? rule.scope_ref === target
    : rule.scope_ref === target || rule.scope_ref.startsWith(`${target}/`);
}

/** Whether a rule passes the filters and the search (every word somewhere in key, name, condition or action). */
export function ruleMatchesFilters(rule: BundleRule, filters: RuleFilters): boolean {
  if (filters.scope && rule.scope !== filters.scope) return false;
  if (!matchesTarget(rule, filters.target)) return false;
  if (filters.enabled && rule.enabled !== (filters.enabled === "on")) return false;
  if (filters.hard && rule.is_hard_constraint !== (filters.hard === "hard")) return false;
  // A lane enforces hard constraints only; a soft rule's stored lane means nothing, so it never matches.
  if (filters.lane && (!rule.is_hard_constraint || rule.enforcement_lane !== filters.lane)) return false;
  const words = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${rule.key} ${rule.name} ${rule.condition_text} ${rule.action_text}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** Keys in code-point order: the tie-break under equal priorities, the same in every browser. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
