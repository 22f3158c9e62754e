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

/** What every routing step reads. */
interface Routing {
  agent: CompiledAgent;
  session: SessionState;
  candidates: Candidates;
  message: Float32Array;
  config: ScenarioFilter;
  /** The fields every decision starts from: nothing to clarify, the settings' numbers. */
  base: Pick<RouteDecision, "clarification" | "clarifiedStep" | "numbers">;
}

type ActiveScenario = NonNullable<ReturnType<CompiledAgent["scenarios"]["get"]>>;
type ActiveStep = NonNullable<ReturnType<ActiveScenario["steps"]["get"]>>;

/** Inside a scenario: the step, its best boosted transition, the best other scenario and the bar it must clear. */
interface InScenario {
  scenario: ActiveScenario;
  step: ActiveStep | undefined;
  bestTransition: (Candidates["transitions"][number] & { boosted: number }) | undefined;
  bestOther: Candidates["scenarios"][number] | undefined;
  /** No step, a terminal one, or one without transitions: the scenario is finished. */
  stepDone: boolean;
  switchThreshold: number;
  numbers: Record<string, unknown>;
}

function noScenarioWhy(candidates: Candidates): string {
  return candidates.noScenario === "out_of_scope"
    ? "out of scope: far from every scenario, the agent's out-of-scope reply"
    : "the sensor named no intent";
}

/** Enter (or switch to) a scenario at its entry step, fast-forwarded when the message already answers it. */
function entryOf(r: Routing, scenarioId: string) {
  const start = entryStep(r.agent, scenarioId);
  return fastForward(r.agent, scenarioId, start, r.message, r.config.min_transition_score);
}

/** No scenario active: enter the best one when it reaches min_transition_score and the sensor named an intent. */
function routeOutside(r: Routing): RouteDecision {
  const { base, candidates, config } = r;
  const best = candidates.scenarios[0];
  if (candidates.noScenario) {
    return { ...base, action: "none", scenarioId: null, stepId: null, reason: noScenarioWhy(candidates) };
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
  const ff = entryOf(r, best.scenarioId);
  return {
    ...base,
    action: "enter",
    scenarioId: best.scenarioId,
    stepId: ff.stepId,
    reason: `enter ${best.name} (${best.score.toFixed(2)} ≥ ${config.min_transition_score})${ff.via ? `, fast-forward ${ff.score.toFixed(2)}` : ""}`,
    numbers: { ...base.numbers, entered_score: best.score, fast_forward: ff.via, fast_forward_score: ff.score },
  };
}

/** Stickiness in numbers: transitions boosted; a finished scenario lets others compete without the exit threshold. */
function inScenario(r: Routing, scenario: ActiveScenario): InScenario {
  const { base, candidates, config, session } = r;
  const step = session.activeStepId ? scenario.steps.get(session.activeStepId) : undefined;
  const bestOther = candidates.scenarios.filter((c) => c.scenarioId !== scenario.scenario.id)[0];
  const boosted = candidates.transitions.map((t) => ({ ...t, boosted: round3(t.score + config.stickiness_boost) }));
  const bestTransition = boosted[0];
  const stepDone = !step || step.isTerminal || (scenario.transitionsFrom.get(step.id) ?? []).length === 0;
  const switchThreshold = stepDone ? config.min_transition_score : config.exit_intent_threshold;
  const numbers = {
    ...base.numbers,
    best_transition: bestTransition
      ? { id: bestTransition.transitionId, score: bestTransition.score, boosted: bestTransition.boosted }
      : null,
    best_other_scenario: bestOther ? { id: bestOther.scenarioId, score: bestOther.score } : null,
    switch_threshold: switchThreshold,
  };
  return { scenario, step, bestTransition, bestOther, stepDone, switchThreshold, numbers };
}

/** Another scenario takes over when it clears the switch threshold and beats the best boosted transition. */
function switchScenario(r: Routing, s: InScenario): RouteDecision | null {
  const { bestOther, bestTransition } = s;
  if (r.candidates.noScenario || !bestOther) return null;
  if (bestOther.score < s.switchThreshold || bestOther.score <= (bestTransition?.boosted ?? 0)) return null;
  const ff = entryOf(r, bestOther.scenarioId);
  return {
    ...r.base,
    action: "switch",
    scenarioId: bestOther.scenarioId,
    stepId: ff.stepId,
    reason: `leave ${s.scenario.scenario.name} for ${bestOther.name}: ${bestOther.score.toFixed(2)} ≥ ${s.switchThreshold}`,
    numbers: s.numbers,
  };
}

/** The step's best transition, once boosted, reaches min_transition_score. */
function takeTransition(r: Routing, s: InScenario): RouteDecision | null {
  const { bestTransition } = s;
  const { config } = r;
  if (!bestTransition || bestTransition.boosted < config.min_transition_score) return null;
  return {
    ...r.base,
    action: "transition",
    scenarioId: s.scenario.scenario.id,
    stepId: bestTransition.toStepId,
    reason: `transition ${bestTransition.score.toFixed(2)} + ${config.stickiness_boost} = ${bestTransition.boosted.toFixed(2)} ≥ ${config.min_transition_score}`,
    numbers: s.numbers,
  };
}

/** A finished scenario stays put: nothing to clarify, the note says why nothing else took over. */
function stayInFinished(r: Routing, s: InScenario): RouteDecision {
  const { bestOther } = s;
  const note = r.candidates.noScenario
    ? `; ${noScenarioWhy(r.candidates)}`
    : bestOther
      ? `; ${bestOther.name} ${bestOther.score.toFixed(2)} < ${s.switchThreshold}`
      : "";
  return {
    ...r.base,
    scenarioId: s.scenario.scenario.id,
    stepId: s.step?.id ?? null,
    action: "stay",
    reason: `stay in ${s.scenario.scenario.name}${note}`,
    numbers: s.numbers,
  };
}

/** No transition fits an open step: clarify up to max_clarifications_per_step, then fallback_behavior. */
function clarifyOrFallBack(r: Routing, s: InScenario, step: ActiveStep): RouteDecision {
  const { config } = r;
  const stay = { scenarioId: s.scenario.scenario.id, stepId: step.id };
  const count = r.session.stepClarificationCount[step.id] ?? 0;
  if (count < config.max_clarifications_per_step) {
    return {
      ...r.base,
      ...stay,
      action: "clarify",
      clarification: `I didn't quite understand. ${step.clarificationHint}`.trim(),
      clarifiedStep: { stepId: step.id, count: count + 1 },
      reason: `no transition ≥ ${config.min_transition_score} (best ${s.bestTransition?.boosted.toFixed(2) ?? "none"}): clarification ${count + 1} of ${config.max_clarifications_per_step}`,
      numbers: s.numbers,
    };
  }
  if (config.fallback_behavior === "escalate") {
    return {
      ...r.base,
      ...stay,
      action: "escalate",
      reason: `${count} clarifications used: escalate`,
      numbers: s.numbers,
    };
  }
  return {
    ...r.base,
    ...stay,
    action: "stay",
    reason: `${count} clarifications used: ${config.fallback_behavior} → stay`,
    numbers: s.numbers,
  };
}

function routeInside(r: Routing, scenario: ActiveScenario): RouteDecision {
  const s = inScenario(r, scenario);
  const decided = switchScenario(r, s) ?? takeTransition(r, s);
  if (decided) return decided;
  return s.stepDone || !s.step ? stayInFinished(r, s) : clarifyOrFallBack(r, s, s.step);
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
  const base = {
    clarification: null,
    clarifiedStep: null,
    numbers: {
      stickiness_boost: config.stickiness_boost,
      exit_intent_threshold: config.exit_intent_threshold,
      min_transition_score: config.min_transition_score,
    },
  };
  const activeScenario = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId) : undefined;
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
  const r: Routing = { agent, session, candidates, message, config, base };
  return activeScenario ? routeInside(r, activeScenario) : routeOutside(r);
}
