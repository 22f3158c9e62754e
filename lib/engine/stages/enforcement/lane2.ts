import type { CompiledRule } from "../../compile/compile-agent";
import type { JudgeOutput, ModelResult } from "../../contracts/model";
import type { RuleCheck } from "../../contracts/turn-outcome";

/** Deterministic share in [0, 1) for sampling: the same turn and rule always sample the same way. */
function sampleFraction(turnId: string, ruleId: string): number {
  let hash = 0x811c9dc5;
  for (const ch of `${turnId}:${ruleId}`) {
    hash ^= ch.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 0x100000000;
}

export interface Lane2Plan {
  judge: boolean;
  why: string;
}

/**
 * Lane 2 (docs/decisions.md#two-enforcement-lanes-deterministic-first): the judge runs for a subjective hard rule only
 * when it is in play — matched this turn (a risky turn) — or, for always-enforced GLOBAL rules, on a sampled share.
 */
export function planLane2(
  compiled: CompiledRule,
  matched: boolean,
  turnId: string,
  config: { llm_judge_enabled: boolean; llm_judge_sample_rate: number },
): Lane2Plan {
  if (!config.llm_judge_enabled) return { judge: false, why: "llm_judge_enabled is false" };
  if (matched) return { judge: true, why: "rule matched this turn" };
  const share = sampleFraction(turnId, compiled.rule.id);
  return share < config.llm_judge_sample_rate
    ? { judge: true, why: `sampled (${share.toFixed(3)} < ${config.llm_judge_sample_rate})` }
    : { judge: false, why: `not sampled (${share.toFixed(3)} ≥ ${config.llm_judge_sample_rate})` };
}

export function lane2Check(compiled: CompiledRule, verdict: ModelResult<JudgeOutput> | null, why: string): RuleCheck {
  const { rule } = compiled;
  const base = { ruleId: rule.id, ruleKey: rule.key, ruleName: rule.name, lane: 2 as const };
  if (!verdict) return { ...base, result: "skipped", detail: why };
  if (!verdict.ok) return { ...base, result: "unresolved", detail: `judge failed: ${verdict.reason}` };
  return {
    ...base,
    result: verdict.value.passed ? "passed" : "failed",
    detail: verdict.value.reason,
    score: verdict.value.score,
  };
}
