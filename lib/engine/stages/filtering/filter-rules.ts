import type { CompiledAgent, CompiledRule } from "../../compile/compile-agent";
import { cosine, round3 } from "../../compile/similarity";
import type { AgentSettings } from "../../contracts/agent-settings";
import type { SessionState } from "../../contracts/session-state";

export interface ScoredRule {
  compiled: CompiledRule;
  score: number;
}

export interface FilterResult {
  /** Matched, eligible rules, highest priority first, at most max_rules. */
  matched: ScoredRule[];
  /** Every rule in scope with its score and what happened to it, for the trace. */
  considered: { key: string; scope: string; score: number; outcome: string }[];
}

/**
 * The rules in scope for a scenario and step: GLOBAL + that SCENARIO + that STEP
 * (docs/decisions.md#rules-are-flat-and-scoped).
 */
export function rulesInScope(agent: CompiledAgent, scenarioId: string | null, stepId: string | null): CompiledRule[] {
  return [
    ...agent.globalRules,
    ...(scenarioId ? (agent.rulesByScopeId.get(scenarioId) ?? []) : []),
    ...(stepId ? (agent.rulesByScopeId.get(stepId) ?? []) : []),
  ];
}

/**
 * Stage 4 filtering (see README.md): similarity of condition_text to the
 * turn, then enabled, max_fires_per_session, cooldown_turns; conflicts resolved by priority.
 */
export function filterRules(
  inScope: CompiledRule[],
  query: Float32Array,
  session: SessionState,
  retrieval: AgentSettings["retrieval"],
): FilterResult {
  const considered: FilterResult["considered"] = [];
  const consideredByKey = new Map<string, FilterResult["considered"][number]>();
  const eligible: ScoredRule[] = [];
  for (const compiled of inScope) {
    const { rule } = compiled;
    const score = round3(cosine(query, compiled.vector));
    const fires = session.ruleFires[rule.id];
    let outcome = "matched";
    if (!rule.enabled) outcome = "disabled";
    else if (score < retrieval.rule_match_threshold) outcome = `below ${retrieval.rule_match_threshold}`;
    else if (rule.maxFiresPerSession !== null && (fires?.count ?? 0) >= rule.maxFiresPerSession) {
      outcome = `fired ${fires?.count ?? 0} of ${rule.maxFiresPerSession} times`;
    } else if (fires && rule.cooldownTurns > 0 && session.turnIndex - fires.lastTurn <= rule.cooldownTurns) {
      outcome = `cooldown: fired ${session.turnIndex - fires.lastTurn} turn(s) ago, cooldown ${rule.cooldownTurns}`;
    }
    const entry = { key: rule.key, scope: rule.scope, score, outcome };
    considered.push(entry);
    consideredByKey.set(rule.key, entry);
    if (outcome === "matched") eligible.push({ compiled, score });
  }
  eligible.sort((a, b) => b.compiled.rule.priority - a.compiled.rule.priority || b.score - a.score);
  const matched = eligible.slice(0, retrieval.max_rules);
  for (const dropped of eligible.slice(retrieval.max_rules)) {
    // A map, not a search: at 1,000 rules in scope hundreds can be eligible and dropped.
    const entry = consideredByKey.get(dropped.compiled.rule.key);
    if (entry) entry.outcome = `over max_rules ${retrieval.max_rules} (lower priority)`;
  }
  considered.sort((a, b) => b.score - a.score);
  return { matched, considered };
}
