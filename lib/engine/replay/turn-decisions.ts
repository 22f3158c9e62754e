import type { Provenance, TurnOutcomeKind } from "../contracts/turn-outcome";

/**
 * What a turn decided, in the terms a designer compares two runs by: the same projection of a stored
 * turn and of its replay, so "identical" means identical on every one of these and nothing else
 * (span timings, ids and token counts are not decisions).
 */
export interface TurnDecisions {
  outcome: TurnOutcomeKind;
  response: string;
  scenario: { id: string; name: string } | null;
  step: { id: string; name: string } | null;
  /** Keys of the rules that fired, in the order they were applied. */
  rules_fired: string[];
  /** Keys of rules whose check failed on a draft that was then regenerated or replaced. */
  rules_violated: string[];
  /** `lane:rule_key` → passed | failed | unresolved | skipped, for the shipped draft. */
  checks: Record<string, string>;
  /** `key` → ok or the failure detail. */
  tools: { key: string; ok: boolean }[];
  model_calls: number;
  regenerations: number;
  fallback_reason: string | null;
  /** The knowledge the reply was written from; null when the agent has none or the stage did not run. */
  knowledge: KnowledgeDecision | null;
}

/** A knowledge passage as a comparison names it: its id (the hash of its content) and its source. */
export interface PassageRef {
  passage_id: string;
  source_title: string;
}

export interface KnowledgeDecision {
  /** The passages handed to generation, best first. */
  used: PassageRef[];
  /** The ids of the passages the reply rests on. */
  cited: string[];
  abstained: boolean;
}

export interface DecisionSource {
  outcome: TurnOutcomeKind;
  response: string;
  modelCalls: number;
  provenance: Provenance;
}

export function turnDecisions(turn: DecisionSource): TurnDecisions {
  const p = turn.provenance;
  const checks: Record<string, string> = {};
  for (const check of p.enforcement?.checks ?? []) checks[`${check.lane}:${check.ruleKey}`] = check.result;
  return {
    outcome: turn.outcome,
    response: turn.response,
    scenario: p.scenario ?? null,
    step: p.step ?? null,
    rules_fired: (p.rules_applied ?? []).map((r) => r.key),
    rules_violated: [...new Set((p.enforcement?.violations_caught ?? []).map((v) => v.rule_key))],
    checks,
    tools: (p.tools_called ?? []).map((t) => ({ key: t.key, ok: t.ok })),
    model_calls: turn.modelCalls,
    regenerations: p.regenerations ?? 0,
    fallback_reason: p.fallback_reason ?? null,
    knowledge: p.knowledge
      ? {
          used: p.knowledge.used.map((u) => ({ passage_id: u.passage_id, source_title: u.source_title })),
          cited: p.knowledge.citations.map((c) => c.passage_id),
          abstained: p.knowledge.abstained,
        }
      : null,
  };
}
