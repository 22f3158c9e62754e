import type { CompiledAgent } from "../../compile/compile-agent";
import { maxCosine, round3 } from "../../compile/similarity";
import type { AgentSettings } from "../../contracts/agent-settings";
import type { SessionState } from "../../contracts/session-state";
import type { Candidates } from "../retrieval/score-candidates";

type RouteAction = "none" | "enter" | "stay" | "transition" | "switch" | "exit" | "clarify" | "escalate";

export interface RouteDecision {
  action: RouteAction;
  scenarioId: string | null;
  stepId: string | null;
  /** Set for "clarify": the text to send ("I didn't quite understand. {hint}", the routing fallback). */
  clarification: string | null;
  /** The step whose clarification count changed, and its new value. */
  clarifiedStep: { stepId: string; count: number } | null;
  reason: string;
  numbers: Record<string, unknown>;
}

type ScenarioFilter = AgentSettings["scenario_filter"];

function entryStep(agent: CompiledAgent, scenarioId: string): string | null {
  const scenario = agent.scenarios.get(scenarioId)?.scenario;
  return scenario?.entryStepId ?? scenario?.steps[0]?.id ?? null;
}

/** On entering a scenario, one fast-forward: a transition out of the entry step the same message already satisfies. */
function fastForward(
  agent: CompiledAgent,
  scenarioId: string,
  stepId: string | null,
  message: Float32Array,
  min: number,
) {
  if (!stepId) return { stepId, via: null as string | null, score: 0 };
  const transitions = agent.scenarios.get(scenarioId)?.transitionsFrom.get(stepId) ?? [];
  let best: { stepId: string; via: string; score: number } | null = null;
  for (const { transition, vectors } of transitions) {
    const score = maxCosine(message, vectors);
    if (score >= min && (!best || score > best.score))
      best = { stepId: transition.toStepId, via: transition.id, score };
  }
  return best ? { stepId: best.stepId, via: best.via, score: round3(best.score) } : { stepId, via: null, score: 0 };
}

/**
 * Stage 4 routing (README here; docs/decisions.md#stickiness-boost-015-exit-threshold-085):
 * stickiness_boost on the current scenario's transitions; another scenario must reach
 * exit_intent_threshold to take over; explicit exits always break stickiness; no transition above
 * min_transition_score → clarify up to max_clarifications_per_step, then fallback_behavior.
 */
export function routeScenario(
  agent: CompiledAgent,
  session: SessionState,
  candidates: Candidates,
  message: Float32Array,
  config: ScenarioFilter,
): RouteDecision {
  const activeScenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
  const activeStep = session.activeStepId ? activeScenario?.steps.get(session.activeStepId) : undefined;
  const base = {
    clarification: null,
    clarifiedStep: null,
    numbers: {
      stickiness_boost: config.stickiness_boost,
      exit_intent_threshold: config.exit_intent_threshold,
      min_transition_score: config.min_transition_score,
    },
  };

  if (!config.enabled) {
    return {
      ...base,
      action: "none",
      scenarioId: session.activeScenarioId,
      stepId: session.activeStepId,
      reason: "scenario routing disabled",
    };
  }
  if (activeScenario && candidates.exit.requested) {
    return {
      ...base,
      action: "exit",
      scenarioId: null,
      stepId: null,
      reason: `explicit exit (${candidates.exit.via}) breaks stickiness`,
    };
  }

  const others = candidates.scenarios.filter((c) => c.scenarioId !== activeScenario?.scenario.id);
  const bestOther = others[0];

  const noScenarioWhy =
    candidates.noScenario === "out_of_scope"
      ? "out of scope: far from every scenario, the agent's out-of-scope reply"
      : "the sensor named no intent";
  if (!activeScenario) {
    const best = candidates.scenarios[0];
    if (candidates.noScenario) {
      return { ...base, action: "none", scenarioId: null, stepId: null, reason: noScenarioWhy };
    }
    if (!best || best.score < config.min_transition_score) {
      return {
        ...base,
        action: "none",
        scenarioId: null,
        stepId: null,
        reason: `no scenario reaches ${config.min_transition_score}`,
      };
    }
    const start = entryStep(agent, best.scenarioId);
    const ff = fastForward(agent, best.scenarioId, start, message, config.min_transition_score);
    return {
      ...base,
      action: "enter",
      scenarioId: best.scenarioId,
      stepId: ff.stepId,
      reason: `enter ${best.name} (${best.score.toFixed(2)} ≥ ${config.min_transition_score})${ff.via ? `, fast-forward ${ff.score.toFixed(2)}` : ""}`,
      numbers: { ...base.numbers, entered_score: best.score, fast_forward: ff.via, fast_forward_score: ff.score },
    };
  }

  const boosted = candidates.transitions.map((t) => ({ ...t, boosted: round3(t.score + config.stickiness_boost) }));
  const bestTransition = boosted[0];
  const stepDone =
    !activeStep || activeStep.isTerminal || (activeScenario.transitionsFrom.get(activeStep.id) ?? []).length === 0;
  // A finished scenario holds nobody: other scenarios compete without the exit threshold.
  const switchThreshold = stepDone ? config.min_transition_score : config.exit_intent_threshold;
  const numbers = {
    ...base.numbers,
    best_transition: bestTransition
      ? { id: bestTransition.transitionId, score: bestTransition.score, boosted: bestTransition.boosted }
      : null,
    best_other_scenario: bestOther ? { id: bestOther.scenarioId, score: bestOther.score } : null,
    switch_threshold: switchThreshold,
  };

  if (
    !candidates.noScenario &&
    bestOther &&
    bestOther.score >= switchThreshold &&
    bestOther.score > (bestTransition?.boosted ?? 0)
  ) {
    const start = entryStep(agent, bestOther.scenarioId);
    const ff = fastForward(agent, bestOther.scenarioId, start, message, config.min_transition_score);
    return {
      ...base,
      action: "switch",
      scenarioId: bestOther.scenarioId,
      stepId: ff.stepId,
      reason: `leave ${activeScenario.scenario.name} for ${bestOther.name}: ${bestOther.score.toFixed(2)} ≥ ${switchThreshold}`,
      numbers,
    };
  }
  if (bestTransition && bestTransition.boosted >= config.min_transition_score) {
    return {
      ...base,
      action: "transition",
      scenarioId: activeScenario.scenario.id,
      stepId: bestTransition.toStepId,
      reason: `transition ${bestTransition.score.toFixed(2)} + ${config.stickiness_boost} = ${bestTransition.boosted.toFixed(2)} ≥ ${config.min_transition_score}`,
      numbers,
    };
  }
  const stay = { scenarioId: activeScenario.scenario.id, stepId: activeStep?.id ?? null };
  if (stepDone || !activeStep) {
    const note = candidates.noScenario
      ? `; ${noScenarioWhy}`
      : bestOther
        ? `; ${bestOther.name} ${bestOther.score.toFixed(2)} < ${switchThreshold}`
        : "";
    return { ...base, ...stay, action: "stay", reason: `stay in ${activeScenario.scenario.name}${note}`, numbers };
  }
  const count = session.stepClarificationCount[activeStep.id] ?? 0;
  if (count < config.max_clarifications_per_step) {
    return {
      ...base,
      ...stay,
      action: "clarify",
      clarification: `I didn't quite understand. ${activeStep.clarificationHint}`.trim(),
      clarifiedStep: { stepId: activeStep.id, count: count + 1 },
      reason: `no transition ≥ ${config.min_transition_score} (best ${bestTransition?.boosted.toFixed(2) ?? "none"}): clarification ${count + 1} of ${config.max_clarifications_per_step}`,
      numbers,
    };
  }
  if (config.fallback_behavior === "escalate") {
    return { ...base, ...stay, action: "escalate", reason: `${count} clarifications used: escalate`, numbers };
  }
  return {
    ...base,
    ...stay,
    action: "stay",
    reason: `${count} clarifications used: ${config.fallback_behavior} → stay`,
    numbers,
  };
}
