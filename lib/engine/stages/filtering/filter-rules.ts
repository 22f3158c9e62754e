import type { CompiledAgent, CompiledRule } from "../../compile/compile-agent";
import { allFinite, cosine, cosineOfTerms, round3 } from "../../compile/similarity";
import type { AgentSettings } from "../../contracts/agent-settings";
import type { SessionState } from "../../contracts/session-state";

export interface ScoredRule {
  compiled: CompiledRule;
  score: number;
}

type Considered = { key: string; scope: string; score: number; outcome: string };

export interface FilterResult {
  /** Matched, eligible rules, highest priority first, at most max_rules. */
  matched: ScoredRule[];
  /** The best-scoring rules in scope (at most `consideredLimit`) with their score and what happened to each, for the trace. */
  considered: Considered[];
  /** How many rules were in scope and scored. */
  consideredTotal: number;
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
 * `considered` keeps the `consideredLimit` best scores, ties in scope order: the trace shows no more,
 * and sorting every rule in scope was a third of the stage at 1,000 rules.
 */
export function filterRules(
  inScope: CompiledRule[],
  query: Float32Array,
  session: SessionState,
  retrieval: AgentSettings["retrieval"],
  consideredLimit = Number.POSITIVE_INFINITY,
): FilterResult {
  const entries: Considered[] = [];
  const eligible: (ScoredRule & { at: number })[] = [];
  const finite = allFinite(query);
  // One string shared by every rule under the threshold (most of them at 1,000 rules) instead of the
  // number written out again for each.
  const below = `below ${retrieval.rule_match_threshold}`;
  for (const compiled of inScope) {
    const { rule, terms } = compiled;
    const score = round3(terms && finite ? cosineOfTerms(query, terms) : cosine(query, compiled.vector));
    const fires = session.ruleFires[rule.id];
    let outcome = "matched";
    if (!rule.enabled) outcome = "disabled";
    else if (score < retrieval.rule_match_threshold) outcome = below;
    else if (rule.maxFiresPerSession !== null && (fires?.count ?? 0) >= rule.maxFiresPerSession) {
      outcome = `fired ${fires?.count ?? 0} of ${rule.maxFiresPerSession} times`;
    } else if (fires && rule.cooldownTurns > 0 && session.turnIndex - fires.lastTurn <= rule.cooldownTurns) {
      outcome = `cooldown: fired ${session.turnIndex - fires.lastTurn} turn(s) ago, cooldown ${rule.cooldownTurns}`;
    }
    if (outcome === "matched") eligible.push({ compiled, score, at: entries.length });
    entries.push({ key: rule.key, scope: rule.scope, score, outcome });
  }
  eligible.sort((a, b) => b.compiled.rule.priority - a.compiled.rule.priority || b.score - a.score);
  const matched = eligible.slice(0, retrieval.max_rules).map(({ compiled, score }) => ({ compiled, score }));
  for (const dropped of eligible.slice(retrieval.max_rules)) {
    const entry = entries[dropped.at];
    if (entry) entry.outcome = `over max_rules ${retrieval.max_rules} (lower priority)`;
  }
  return { matched, considered: bestScores(entries, consideredLimit), consideredTotal: entries.length };
}

/**
 * The `limit` highest scores, highest first and ties in their order in `entries`: the first `limit` of
 * a stable sort by score, without sorting the rest.
 */
function bestScores(entries: Considered[], limit: number): Considered[] {
  if (entries.length <= limit) return [...entries].sort((a, b) => b.score - a.score);
  const best: Considered[] = [];
  for (const entry of entries) {
    const last = best.at(-1);
    if (best.length === limit && last && last.score >= entry.score) continue;
    // After every entry already kept with the same or a higher score.
    let at = best.length;
    while (at > 0 && (best[at - 1]?.score ?? 0) < entry.score) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > limit) best.pop();
  }
  return best;
}
