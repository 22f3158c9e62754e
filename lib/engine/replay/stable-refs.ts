import type { CompiledAgent } from "../compile/compile-agent";

// A model request can name configuration by database id (a transition offered to the sensor as an
// intent, say). Ids differ between installs, so a tape hashed over them would not match the same
// conversation imported elsewhere (a test case in a bundle run by CI). Requests are hashed with every
// id replaced by a stable reference built from keys — the same form tests' bundle snapshots use.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const cache = new WeakMap<CompiledAgent, ReadonlyMap<string, string>>();

/** Id → stable reference (`rule:max-refund`, `step:refund/verify`, `transition:refund/0`) for one configuration. */
export function stableRefsOf(agent: CompiledAgent): ReadonlyMap<string, string> {
  const cached = cache.get(agent);
  if (cached) return cached;
  const { snapshot } = agent;
  const refs = new Map<string, string>([[snapshot.agentId, `agent:${snapshot.key}`]]);
  for (const rule of snapshot.rules) refs.set(rule.id, `rule:${rule.key}`);
  for (const tool of snapshot.tools) refs.set(tool.id, `tool:${tool.key}`);
  for (const scenario of snapshot.scenarios) {
    refs.set(scenario.id, `scenario:${scenario.key}`);
    for (const step of scenario.steps) refs.set(step.id, `step:${scenario.key}/${step.key}`);
    scenario.transitions.forEach((t, i) => {
      refs.set(t.id, `transition:${scenario.key}/${i}`);
    });
  }
  cache.set(agent, refs);
  return refs;
}

/** A copy of `value` with every configuration id inside a string replaced by its stable reference. */
export function withStableRefs(value: unknown, refs: ReadonlyMap<string, string> | undefined): unknown {
  if (!refs || refs.size === 0) return value;
  if (typeof value === "string") return value.replace(UUID, (id) => refs.get(id) ?? id);
  if (Array.isArray(value)) return value.map((v) => withStableRefs(v, refs));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStableRefs(v, refs)]));
  }
  return value;
}
