import { type CompiledAgent, compileAgent } from "../compile/compile-agent";
import { resolveAgentSettings } from "../contracts/agent-settings";
import type { SessionState } from "../contracts/session-state";
import type { AgentSnapshot } from "../contracts/snapshot";
import type { RuleCheck, TurnInput, TurnOutcome } from "../contracts/turn-outcome";
import type { EnginePorts } from "../ports";
import { ambiguityTrap } from "../stages/ambiguity/ambiguity-trap";
import { offerToolOptions } from "../stages/continuity/offer-tool-options";
import { applyResolution, runContinuity } from "../stages/continuity/run-continuity";
import { filterRules, rulesInScope } from "../stages/filtering/filter-rules";
import { safeClarifier } from "../stages/generation/safe-replies";
import { proposeFromModel } from "../stages/reformulation/propose-from-model";
import { scoreCandidates } from "../stages/retrieval/score-candidates";
import { routeScenario } from "../stages/routing/route-scenario";
import { runSensor } from "../stages/sensor/run-sensor";
import { runTools } from "../stages/tools/run-tools";
import { resolveVariables } from "../stages/variables/resolve-variables";
import { runDraftLoop } from "./draft-loop";
import { finishTurn } from "./finish-turn";
import { type OnStage, SpanRecorder } from "./span-recorder";
import type { TurnContext } from "./turn-context";

const MAX_CONSIDERED_IN_SPAN = 50;

export interface RunTurnOptions {
  /** Told each stage's span as it completes; the outcome is the same with or without it. */
  onStage?: OnStage;
}

/**
 * One user turn through the linear, fail-fast pipeline (docs/pipeline.md): sensor → ambiguity trap →
 * scoped retrieval → routing and filtering → variables → tools → generation → extraction → two-lane
 * enforcement → regenerate or fall back. Pure given its ports:
 * the same snapshot, session, input and ports give the same outcome and spans. Persisting is the host's.
 */
export async function runTurn(
  agentOrSnapshot: CompiledAgent | AgentSnapshot,
  session: SessionState,
  input: TurnInput,
  ports: EnginePorts,
  options: RunTurnOptions = {},
): Promise<TurnOutcome> {
  const agent =
    "rules" in agentOrSnapshot && "globalRules" in agentOrSnapshot
      ? agentOrSnapshot
      : await compileAgent(agentOrSnapshot, ports.embedder);
  const ctx: TurnContext = {
    agent,
    settings: resolveAgentSettings(agent.snapshot.settings),
    session: structuredClone(session),
    input,
    ports,
    spans: new SpanRecorder(ports.clock, options.onStage),
    usage: { modelCalls: 0, tokens: { inputTokens: 0, outputTokens: 0 } },
  };
  const none = {
    matched: [],
    toolCalls: [],
    checks: [] as RuleCheck[],
    violations: [] as RuleCheck[],
    regenerations: 0,
    loops: [],
  };

  // 0. Continuity (docs/continuity.md, only when enabled): a follow-up naming one of the offered options is
  // resolved deterministically, before the sensor and the ambiguity trap, without a model call.
  const continuityOn = input.continuityEnabled === true;
  const continuity = continuityOn
    ? await ctx.spans.record("continuity", async () => {
        const value = await runContinuity(ctx, true);
        const why = value.telemetry.reasons.length
          ? value.telemetry.reasons.join(", ")
          : value.telemetry.blocked_reason;
        return {
          value,
          decision: `${value.kind}${why ? `: ${why}` : ""}`,
          attributes: value.telemetry as unknown as Record<string, unknown>,
        };
      })
    : null;
  const telemetry = continuity ? (continuity.telemetry as unknown as Record<string, unknown>) : null;
  if (continuity?.kind === "clarify") {
    return finishTurn(ctx, {
      ...none,
      response: continuity.response,
      outcome: "clarified",
      profileUpdates: {},
      detectedIntent: null,
      fallbackReason: continuity.telemetry.fallback_reason,
      continuity: telemetry,
    });
  }
  if (continuity?.kind === "resolved") applyResolution(ctx, continuity.winner, continuity.optionSet);

  // 1. Sensor: one model call (none when continuity resolved the turn).
  const sensed: Awaited<ReturnType<typeof runSensor>> =
    continuity?.kind === "resolved"
      ? {
          ok: true,
          context: {
            detected_intent: null,
            intent_confidence: 0,
            entities: {},
            is_ambiguous: false,
            ambiguity_reason: null,
          },
          profileUpdates: {},
          outOfScope: false,
          between: null,
        }
      : await runSensor(ctx);
  if (!sensed.ok) {
    return finishTurn(ctx, {
      ...none,
      response: safeClarifier(ctx),
      outcome: "fallback",
      profileUpdates: {},
      detectedIntent: null,
      fallbackReason: sensed.reason,
      continuity: telemetry,
    });
  }
  Object.assign(ctx.session.profile, sensed.profileUpdates);
  const parts = {
    profileUpdates: sensed.profileUpdates,
    detectedIntent: sensed.context.detected_intent,
    continuity: telemetry,
    goalCandidate: null as TurnOutcome["goalCandidate"],
  };

  // 2. Ambiguity trap: ambiguous → clarify and stop.
  const clarification =
    continuity?.kind === "resolved" ? null : await ambiguityTrap(ctx, sensed.context, sensed.between);
  if (clarification) {
    return finishTurn(ctx, { ...none, ...parts, response: clarification, outcome: "clarified", fallbackReason: null });
  }

  // 3. Scoped retrieval: scenario and transition candidates.
  const [messageVector] = await ctx.ports.embedder.embed([input.message]);
  const message = messageVector ?? new Float32Array(0);
  const candidates = await ctx.spans.record("retrieval", async () => {
    const value = scoreCandidates(
      agent,
      ctx.session,
      message,
      input.message,
      sensed.context,
      ctx.settings.ambiguity.min_intent_confidence,
      sensed.outOfScope,
    );
    const top = value.scenarios[0];
    return {
      value,
      decision: `${value.scenarios.length} scenarios, top ${top ? `${top.name} ${top.score.toFixed(2)}` : "none"}; ${value.transitions.length} transitions${value.exit.requested ? "; exit requested" : ""}`,
      attributes: { scenarios: value.scenarios, transitions: value.transitions, exit: value.exit },
    };
  });

  // 4a. Routing with stickiness.
  const route = await ctx.spans.record("routing", async () => {
    const value = routeScenario(agent, ctx.session, candidates, message, ctx.settings.scenario_filter);
    return {
      value,
      decision: `${value.action}: ${value.reason}`,
      attributes: { action: value.action, ...value.numbers },
    };
  });
  if (route.action !== "stay" && route.action !== "clarify" && route.action !== "escalate" && route.action !== "none") {
    if (route.stepId !== ctx.session.activeStepId && ctx.session.activeStepId)
      delete ctx.session.stepClarificationCount[ctx.session.activeStepId];
    ctx.session.activeScenarioId = route.scenarioId;
    ctx.session.activeStepId = route.stepId;
  }
  if (route.action === "clarify" && route.clarification) {
    if (route.clarifiedStep) ctx.session.stepClarificationCount[route.clarifiedStep.stepId] = route.clarifiedStep.count;
    return finishTurn(ctx, {
      ...none,
      ...parts,
      response: route.clarification,
      outcome: "clarified",
      fallbackReason: null,
    });
  }
  if (route.action === "escalate") {
    const response = "I'm passing this conversation to a colleague who can help further. They will reply here shortly.";
    return finishTurn(ctx, { ...none, ...parts, response, outcome: "escalated", fallbackReason: null });
  }

  // 4b. Rule filtering in the routed scope.
  const [ruleQuery] = await ctx.ports.embedder.embed([ruleQueryText(ctx, sensed.context.detected_intent)]);
  const query = ruleQuery ?? message;
  const filtered = await ctx.spans.record("filtering", async () => {
    const value = filterRules(
      rulesInScope(agent, ctx.session.activeScenarioId, ctx.session.activeStepId),
      query,
      ctx.session,
      ctx.settings.retrieval,
    );
    return {
      value,
      decision: `${value.matched.length} of ${value.considered.length} rules matched (threshold ${ctx.settings.retrieval.rule_match_threshold})`,
      // The 50 best-scoring rules tell why; thousands more would bloat every stored span.
      attributes: {
        considered: value.considered.slice(0, MAX_CONSIDERED_IN_SPAN),
        considered_total: value.considered.length,
        matched: value.matched.map((m) => m.compiled.rule.key),
      },
    };
  });
  const matched = filtered.matched;

  // 5. Variable resolution: session → profile → tools; missing → ask.
  const variables = await ctx.spans.record("variables", async () => {
    const value = resolveVariables(agent, ctx.session, matched);
    return {
      value,
      decision: `${Object.keys(value.resolved).length} resolved, ${Object.keys(value.fromTools).length} from tools, ${value.missing.length} missing`,
      attributes: { resolved: value.resolved, from_tools: value.fromTools, missing: value.missing.map((m) => m.name) },
    };
  });

  // 6. Tools: single pass.
  const toolCalls = await ctx.spans.record("tools", async () => {
    const value = await runTools(agent, ctx.session, matched, ctx.ports.tools);
    return {
      value,
      status: value.some((c) => !c.ok && !c.detail.startsWith("skipped")) ? "error" : "ok",
      decision: value.length
        ? value.map((c) => `${c.key} ${c.ok ? "ok" : "failed"}`).join(", ")
        : "no tools attached to matched rules",
      attributes: { calls: value.map(({ output: _output, ...call }) => call) },
    };
  });
  const missing = variables.missing.filter((m) => ctx.session.variables[m.name] === undefined);

  // Goal reformulation (docs/goals.md): a reformulation the model proposed is validated here against the evidence the turn
  // holds; the host ledgers it in the turn's transaction and it applies from the next turn on.
  const goalCandidate = sensed.context.goal_reformulation
    ? await ctx.spans.record("reformulation", async () => {
        const value = proposeFromModel(sensed.context, session.goal, ctx.session, toolCalls);
        if (value.kind !== "validated")
          return { value: null, status: "skipped" as const, decision: value.why, attributes: { kind: value.kind } };
        const { verdict } = value;
        return {
          value: { candidate: value.candidate, verdict, modelPairs: value.modelPairs },
          decision: verdict.accepted
            ? `accepted (${verdict.detected_type})`
            : `rejected ${verdict.code}: ${verdict.failed_criteria.map((c) => c.criterion).join(", ")}`,
          attributes: {
            ...verdict,
            dropped_evidence_ids: value.droppedEvidenceIds,
            dropped_model_pairs: value.droppedModelPairs,
            reformulated: value.candidate.reformulated,
          },
        };
      })
    : null;
  parts.goalCandidate = goalCandidate;
  if (continuityOn) offerToolOptions(ctx, toolCalls);

  // 7–10. Generate, extract, enforce; regenerate while the loop guardrails allow.
  // No model and nothing near any scenario: the designer's out-of-scope reply is the draft, not an
  // offline guess; it is still extracted and enforced like any draft.
  const fixedDraft =
    route.action === "none" && candidates.noScenario === "out_of_scope"
      ? { text: ctx.settings.sensor.out_of_scope_reply, why: "out-of-scope reply" }
      : undefined;
  const drafted = await runDraftLoop(ctx, { matched, toolCalls, missing, message, fixedDraft });
  return finishTurn(ctx, { ...parts, matched, toolCalls, ...drafted });
}

/** The text rules are matched against: the message plus where the conversation is. */
function ruleQueryText(ctx: TurnContext, detectedIntent: string | null): string {
  const scenario = ctx.session.activeScenarioId ? ctx.agent.scenarios.get(ctx.session.activeScenarioId) : undefined;
  const parts = [ctx.input.message];
  if (detectedIntent && !detectedIntent.startsWith("transition:")) parts.push(detectedIntent.replace(/_/g, " "));
  if (scenario) parts.push(scenario.scenario.name);
  return parts.join(" · ");
}
