import { resolveAgentSettings } from "@/lib/engine/contracts/agent-settings";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { emptyBundle } from "@/lib/engine/contracts/empty-bundle";

/** Keys added and removed, and for each changed key the dotted paths of the fields that changed. */
export interface EntityDiff {
  added: string[];
  removed: string[];
  changed: Record<string, string[]>;
}

/**
 * What an import changed, by field name only: configuration keys and field paths, never values, so
 * the ledger payload stays small and holds no text a retention policy would have to delete.
 */
export interface BundleDiff {
  /** Agent fields; settings as resolved paths ("settings.enforcement.max_retries"). */
  agent: string[];
  profile_fields: EntityDiff;
  variables: EntityDiff;
  tools: EntityDiff;
  scenarios: EntityDiff;
  rules: EntityDiff;
  knowledge_sources: EntityDiff;
  tests: EntityDiff;
}

const EMPTY = emptyBundle();

export function diffBundles(before: Bundle | null, after: Bundle): BundleDiff {
  const previous = before ?? EMPTY;
  const agentBefore = { ...previous.agent, settings: resolveAgentSettings(previous.agent.settings) };
  const agentAfter = { ...after.agent, settings: resolveAgentSettings(after.agent.settings) };
  return {
    agent: before ? changedPaths(agentBefore, agentAfter, "") : [],
    profile_fields: diffEntities(previous.profile_fields, after.profile_fields, (f) => f.field_name),
    variables: diffEntities(previous.variables, after.variables, (v) => v.name),
    tools: diffEntities(previous.tools, after.tools, (t) => t.key),
    scenarios: diffEntities(previous.scenarios, after.scenarios, (s) => s.key),
    rules: diffEntities(previous.rules, after.rules, (r) => r.key),
    knowledge_sources: diffEntities(previous.knowledge_sources, after.knowledge_sources, (k) => k.key),
    tests: diffEntities(previous.tests, after.tests, (t) => t.key),
  };
}

export function isEmptyDiff(diff: EntityDiff): boolean {
  return diff.added.length === 0 && diff.removed.length === 0 && Object.keys(diff.changed).length === 0;
}

function diffEntities<T>(before: readonly T[], after: readonly T[], keyOf: (item: T) => string): EntityDiff {
  const old = new Map(before.map((item) => [keyOf(item), item]));
  const now = new Map(after.map((item) => [keyOf(item), item]));
  const changed: Record<string, string[]> = {};
  for (const [key, item] of now) {
    const previous = old.get(key);
    if (previous === undefined) continue;
    const paths = changedPaths(previous, item, "");
    if (paths.length > 0) changed[key] = paths;
  }
  return {
    added: [...now.keys()].filter((k) => !old.has(k)).sort(),
    removed: [...old.keys()].filter((k) => !now.has(k)).sort(),
    changed,
  };
}

const join = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const keyOfItem = (v: unknown) => (isObject(v) && typeof v.key === "string" ? v.key : null);

/**
 * Dotted paths where `a` and `b` differ. Objects are compared field by field; lists of keyed objects
 * (a scenario's steps) item by key ("steps.verify.instructions", "steps.new_step" for one added or
 * removed); any other list, and a change of order, is one change at the list's path.
 */
function changedPaths(a: unknown, b: unknown, prefix: string): string[] {
  if (isObject(a) && isObject(b)) {
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return names.flatMap((name) => changedPaths(a[name], b[name], join(prefix, name)));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const aKeys = a.map(keyOfItem);
    const bKeys = b.map(keyOfItem);
    if (a.length > 0 && b.length > 0 && [...aKeys, ...bKeys].every((k) => k !== null)) {
      const aByKey = new Map(a.map((item, i) => [aKeys[i] as string, item]));
      const bByKey = new Map(b.map((item, i) => [bKeys[i] as string, item]));
      const keys = [...new Set([...aByKey.keys(), ...bByKey.keys()])].sort();
      const paths = keys.flatMap((key) =>
        aByKey.has(key) && bByKey.has(key)
          ? changedPaths(aByKey.get(key), bByKey.get(key), join(prefix, key))
          : [join(prefix, key)],
      );
      const kept = aKeys.filter((k) => bByKey.has(k as string));
      const reordered = bKeys.filter((k) => aByKey.has(k as string)).some((k, i) => k !== kept[i]);
      return reordered ? [prefix, ...paths] : paths;
    }
    return deepEqual(a, b) ? [] : [prefix];
  }
  return deepEqual(a, b) ? [] : [prefix || "(value)"];
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
