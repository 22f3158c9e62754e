import type { CompiledAgent } from "../compile/compile-agent";
import type { TurnOutcome } from "../contracts/turn-outcome";

/** What a turn did, in the keys a test case speaks (rule, scenario and step keys, not ids). */
export interface TurnFacts {
  outcome: TurnOutcome["outcome"];
  response: string;
  scenario: string | null;
  /** "scenario/step", or null. */
  step: string | null;
  rulesFired: string[];
  rulesViolated: string[];
  /** Lane-1 checks of the reply that shipped that failed (a reply that should never have gone out). */
  shippedLane1Failures: string[];
  modelCalls: number;
  /** Values the shipped reply stated, per response variable (every value, in order). */
  stated: Record<string, unknown[]>;
  profile: Record<string, unknown>;
  sessionVariables: Record<string, unknown>;
  /** Why the turn handed off, when it did. */
  handoffReason: string | null;
  /** The tool key the turn paused before, when it did. */
  approvalTool: string | null;
  /** The promise of a person's follow-up the shipped reply made, which the host opens in the inbox. */
  followUp: string | null;
  /** The knowledge sources the reply cites, by id and title (provenance.knowledge). */
  cited: { id: string; title: string }[];
  abstained: boolean;
}

const SHIPPED = new Set(["answered", "regenerated"]);

export function turnFacts(agent: CompiledAgent, outcome: TurnOutcome): TurnFacts {
  const scenario = outcome.session.activeScenarioId ? agent.scenarios.get(outcome.session.activeScenarioId) : undefined;
  const step = scenario && outcome.session.activeStepId ? scenario.steps.get(outcome.session.activeStepId) : undefined;
  const extraction = outcome.spans.filter((s) => s.name === "extraction").at(-1);
  const p = outcome.provenance;
  return {
    outcome: outcome.outcome,
    response: outcome.response,
    scenario: scenario?.scenario.key ?? null,
    step: scenario && step ? `${scenario.scenario.key}/${step.key}` : null,
    rulesFired: p.rules_applied.map((r) => r.key),
    rulesViolated: [...new Set(p.enforcement.violations_caught.map((v) => v.rule_key))],
    shippedLane1Failures: SHIPPED.has(outcome.outcome)
      ? p.enforcement.checks.filter((c) => c.lane === 1 && c.result === "failed").map((c) => c.ruleKey)
      : [],
    modelCalls: outcome.modelCalls,
    stated: ((extraction?.attributes.values as Record<string, unknown[]> | undefined) ?? {}) as Record<
      string,
      unknown[]
    >,
    profile: outcome.session.profile,
    sessionVariables: outcome.session.variables,
    handoffReason: outcome.outcome === "handoff" ? (outcome.handoff?.reason ?? null) : null,
    approvalTool: outcome.outcome === "awaiting_approval" ? (outcome.approval?.toolKey ?? null) : null,
    followUp: outcome.followUp?.promise ?? null,
    cited: (p.knowledge?.citations ?? []).map((c) => ({ id: c.source_id, title: c.source_title })),
    abstained: outcome.outcome === "abstained",
  };
}
