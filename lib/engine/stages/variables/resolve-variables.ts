import type { CompiledAgent } from "../../compile/compile-agent";
import { declaredNamesOf } from "../../contracts/money-variable";
import type { SessionState } from "../../contracts/session-state";
import type { ScoredRule } from "../filtering/filter-rules";

export interface VariableResolution {
  resolved: Record<string, { value: unknown; source: "session" | "profile" }>;
  /** Not known yet, but an attached tool of a matched rule maps it from its output. */
  fromTools: Record<string, string>;
  /** Nobody can provide it: the reply asks the customer. */
  missing: { name: string; description: string }[];
}

/** A value the session or the profile holds (order: session first, then profile). */
export function lookupVariable(
  session: SessionState,
  name: string,
): { value: unknown; source: "session" | "profile" } | null {
  if (Object.hasOwn(session.variables, name) && session.variables[name] !== undefined) {
    return { value: session.variables[name], source: "session" };
  }
  if (Object.hasOwn(session.profile, name) && session.profile[name] !== undefined) {
    return { value: session.profile[name], source: "profile" };
  }
  return null;
}

/**
 * Stage 5 (gap-fill before asking): the variables matched rules need before generation — those
 * their expressions read that the reply itself does not provide — resolved session → profile → tools.
 */
export function resolveVariables(
  agent: CompiledAgent,
  session: SessionState,
  matched: ScoredRule[],
): VariableResolution {
  const responseVariables = new Set(agent.snapshot.responseVariables.flatMap(declaredNamesOf));
  const needed = new Set<string>();
  for (const { compiled } of matched)
    for (const name of compiled.variables) if (!responseVariables.has(name)) needed.add(name);

  const toolProvides = new Map<string, string>();
  for (const { compiled } of matched) {
    for (const toolId of compiled.rule.attachedToolIds) {
      const tool = agent.tools.get(toolId);
      for (const variable of agent.toolVariables.get(toolId) ?? []) if (tool) toolProvides.set(variable.name, tool.key);
    }
  }
  const fields = new Map(agent.snapshot.profileFields.map((f) => [f.fieldName, f.description]));
  const result: VariableResolution = { resolved: {}, fromTools: {}, missing: [] };
  for (const name of [...needed].sort()) {
    const found = lookupVariable(session, name);
    if (found) result.resolved[name] = found;
    else if (toolProvides.has(name)) result.fromTools[name] = toolProvides.get(name) ?? "";
    else result.missing.push({ name, description: fields.get(name) ?? name });
  }
  return result;
}
