import type { CompiledAgent } from "../compile/compile-agent";
import type { SessionState } from "../contracts/session-state";
import type { FollowUpPromise, RuleCheck, TurnOutcome, TurnOutcomeKind } from "../contracts/turn-outcome";
import { promisedFollowUp } from "../stages/extraction/promised-follow-up";
import type { ScoredRule } from "../stages/filtering/filter-rules";
import { knowledgeProvenance } from "../stages/knowledge/knowledge-provenance";
import { goalProvenance, originalGoalFromTurn } from "../stages/reformulation/goal-state-transitions";
import { appendHistory } from "./session-history";
import type { TurnContext } from "./turn-context";
import { turnCostUsd } from "./turn-cost";
import type { TurnResultParts } from "./turn-result-parts";

function intentLabelOf(agent: CompiledAgent, session: SessionState): string | null {
  const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId)?.scenario : undefined;
  return scenario ? scenario.intentLabel || scenario.key : null;
}

/** Session bookkeeping at the end of a turn: rule fires, history, the original goal, the turn index. */
function closeSession(ctx: TurnContext, parts: TurnResultParts, fired: ScoredRule[]): void {
  const { session } = ctx;
  for (const { compiled } of fired) {
    const previous = session.ruleFires[compiled.rule.id];
    session.ruleFires[compiled.rule.id] = { count: (previous?.count ?? 0) + 1, lastTurn: session.turnIndex };
  }
  session.history = appendHistory(session.history, ctx.input.message, parts.response);
  // docs/goals.md: the first clear request becomes the original goal, never overwritten afterwards.
  session.goal = originalGoalFromTurn(session.goal, ctx.input.message, parts.outcome, session.turnIndex);
  session.turnIndex += 1;
}

/** What each enforcement lane said about the draft that shipped, and every violation caught on the way. */
function enforcementSummary(parts: TurnResultParts) {
  const lane = (n: 1 | 2, result: RuleCheck["result"]) =>
    parts.checks.filter((c) => c.lane === n && c.result === result).length;
  return {
    lane1: { passed: lane(1, "passed"), failed: lane(1, "failed"), unresolved: lane(1, "unresolved") },
    lane2: {
      passed: lane(2, "passed"),
      failed: lane(2, "failed"),
      skipped: lane(2, "skipped") + lane(2, "unresolved"),
    },
    checks: parts.checks,
    violations_caught: parts.violations.map((v) => ({ rule_key: v.ruleKey, lane: v.lane, detail: v.detail })),
  };
}

/** The reviewer's summary under the reply: goal, rules, scenario and step, tools, enforcement, provider. */
function provenanceOf(ctx: TurnContext, parts: TurnResultParts, fired: ScoredRule[]): TurnOutcome["provenance"] {
  const { agent, session } = ctx;
  const scenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
  const step = session.activeStepId ? scenario?.steps.get(session.activeStepId) : undefined;
  const provider = ctx.ports.model;
  return {
    goal: goalProvenance(session.goal),
    rules_applied: fired.map(({ compiled: { rule } }) => ({
      id: rule.id,
      key: rule.key,
      name: rule.name,
      hard: rule.isHardConstraint,
      lane: rule.enforcementLane,
    })),
    scenario: scenario ? { id: scenario.scenario.id, name: scenario.scenario.name } : null,
    step: step ? { id: step.id, name: step.name } : null,
    tools_called: parts.toolCalls.map((c) => ({ key: c.key, name: c.name, ok: c.ok, detail: c.detail })),
    enforcement: enforcementSummary(parts),
    regenerations: parts.regenerations,
    fallback_reason: parts.fallbackReason,
    ...(parts.continuity ? { continuity: parts.continuity } : {}),
    ...(parts.language ? { language: parts.language } : {}),
    ...(parts.knowledge ? { knowledge: knowledgeProvenance(parts.knowledge, parts.response, parts.citations) } : {}),
    provider: provider.name,
    model: provider.model,
    config_version: agent.snapshot.configVersion,
  };
}

/** Builds the TurnOutcome: session bookkeeping (rule fires, history, turn index), provenance, ledger intent. */
export function finishTurn(ctx: TurnContext, turnParts: TurnResultParts): TurnOutcome {
  const { agent, session } = ctx;
  const parts = handOffAfterFallbacks(ctx, turnParts);
  const fired = parts.outcome === "clarified" || parts.outcome === "escalated" ? [] : parts.matched;
  closeSession(ctx, parts, fired);
  const violatedRuleIds = [...new Set(parts.violations.map((c) => c.ruleId))];
  const firedRuleIds = fired.map((r) => r.compiled.rule.id);
  return {
    message: ctx.input.message,
    response: parts.response,
    outcome: parts.outcome,
    session,
    profileUpdates: parts.profileUpdates,
    spans: ctx.spans.spans,
    ledgerIntents: [
      {
        type: "TURN_COMPLETED",
        payload: {
          turn_id: ctx.input.turnId,
          outcome: parts.outcome,
          config_version: agent.snapshot.configVersion,
          fired_rule_ids: firedRuleIds,
          violated_rule_ids: violatedRuleIds,
          regenerations: parts.regenerations,
          fallback_reason: parts.fallbackReason,
        },
      },
    ],
    provenance: provenanceOf(ctx, parts, fired),
    modelCalls: ctx.usage.modelCalls,
    tokens: ctx.usage.tokens,
    costUsd: turnCostUsd(ctx.usage.byModel, ctx.settings.pricing.models),
    detectedIntent: parts.detectedIntent,
    intentLabel: intentLabelOf(agent, session),
    firedRuleIds,
    violatedRuleIds,
    loops: parts.loops,
    fallbackReason: parts.fallbackReason,
    goalCandidate: parts.goalCandidate ?? null,
    handoff: parts.outcome === "handoff" ? (parts.handoff ?? null) : null,
    approval: parts.outcome === "awaiting_approval" ? (parts.approval ?? null) : null,
    followUp: followUpOf(ctx, parts),
  };
}

/** Outcomes whose reply is the agent's own draft, shipped: a fallback, a handoff or a refusal promises nothing. */
const SHIPS_A_DRAFT: ReadonlySet<TurnOutcomeKind> = new Set(["answered", "regenerated", "clarified"]);

/**
 * docs/handoffs.md#what-asks-for-a-person: a shipped reply that promises a person's follow-up asks the
 * host to open it. Read from the reply's text alone, so a replay of the same reply reads the same.
 */
function followUpOf(ctx: TurnContext, parts: TurnResultParts): FollowUpPromise | null {
  if (!ctx.settings.handoff.open_on_promise || !SHIPS_A_DRAFT.has(parts.outcome)) return null;
  const promise = promisedFollowUp(parts.response);
  return promise === null ? null : { promise };
}

/**
 * docs/handoffs.md#repeated-fallbacks: the fallback that makes `handoff.fallbacks_before_handoff` in a
 * row (the host counts the ones before this turn) hands off instead; its reason stays in fallback_reason.
 */
function handOffAfterFallbacks(ctx: TurnContext, parts: TurnResultParts): TurnResultParts {
  const limit = ctx.settings.handoff.fallbacks_before_handoff;
  if (parts.outcome !== "fallback" || limit === 0) return parts;
  const inARow = (ctx.input.fallbackStreak ?? 0) + 1;
  if (inARow < limit) return parts;
  return {
    ...parts,
    response: ctx.settings.handoff.message,
    outcome: "handoff",
    handoff: { reason: "repeated_fallback", detail: `${inARow} fallbacks in a row` },
  };
}
