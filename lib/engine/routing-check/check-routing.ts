import { EXIT_EXAMPLES } from "../compile/compile-agent";
import type { IntentOption, SenseRequest } from "../contracts/model";
import type { EngineScenario } from "../contracts/snapshot";
import type { Embedder } from "../ports";
import { scoreIntents, textsToEmbed } from "../stages/sensor/intent-scores";
import { senseLocally } from "../stages/sensor/local-sensor";
import { embedTexts, type VectorOf } from "../stages/sensor/text-vectors";
import { exampleAdvice, scenarioAdvice } from "./routing-check-advice";
import {
  MIN_EXAMPLES,
  type RoutingCheckExample,
  type RoutingCheckReport,
  type RoutingCheckScenario,
} from "./routing-check-report";

// "Check routing": each enabled scenario's entry examples, one at a time, left out of their scenario and
// sent through the local sensor as a first message, against every other enabled scenario and the exit
// intent — what the sensor offers on a conversation's first turn. A router always recognises an example
// it holds; one that does not come back home once left out warns that customers who word things like
// it will not reach that scenario either.

export type RoutingCheckInput = Pick<
  EngineScenario,
  "key" | "name" | "description" | "intentLabel" | "entryExamples" | "enabled"
>;

const EXIT_LABEL = "exit";

/**
 * Each check scores the example against every example offered, so the work is (examples checked) ×
 * (examples offered). 300 × 300 took 1.8 s on one busy core of the development machine (150 × 150:
 * 0.8 s); a bundle may hold 100 scenarios of 100 examples, which would take minutes, so a larger agent
 * gets a sample: the first examples of every scenario in turn, and the count left unchecked.
 */
const WORK_BUDGET = 90_000;

/** Which examples to check: all of them within the budget, else round-robin over the scenarios. */
function examplesToCheck(scenarios: RoutingCheckInput[]): { scenario: number; index: number }[] {
  const offered = scenarios.reduce((n, s) => n + s.entryExamples.length, EXIT_EXAMPLES.length);
  const limit = Math.max(1, Math.floor(WORK_BUDGET / offered));
  const picked: { scenario: number; index: number }[] = [];
  const longest = Math.max(0, ...scenarios.map((s) => s.entryExamples.length));
  for (let index = 0; index < longest && picked.length < limit; index++) {
    for (const [scenario, s] of scenarios.entries()) {
      if (index < s.entryExamples.length && picked.length < limit) picked.push({ scenario, index });
    }
  }
  return picked.sort((a, b) => a.scenario - b.scenario || a.index - b.index);
}

/** The scenario's intent as the sensor stage offers it (run-sensor.ts, intentOptions). */
function scenarioIntent(scenario: RoutingCheckInput, examples: string[]): IntentOption {
  return {
    label: scenario.intentLabel || scenario.key,
    kind: "scenario",
    description: scenario.description || scenario.name,
    examples,
  };
}

const EXIT_INTENT: IntentOption = {
  label: EXIT_LABEL,
  kind: "exit",
  description: "The customer wants to stop or start over",
  examples: EXIT_EXAMPLES,
};

/** The local sensor's floor for naming an intent at all. */
const LEAN_CONFIDENCE = 0.3;

function firstMessage(message: string, intents: IntentOption[]): SenseRequest {
  return { message, history: [], intents, profileFields: [], activeScenario: null, activeStep: null };
}

/** Every text any leave-one-out request compares, embedded in one port call. */
async function vectorsFor(intents: IntentOption[], embedder: Embedder): Promise<VectorOf> {
  return embedTexts(
    embedder,
    textsToEmbed(firstMessage("", intents)).filter((t) => t !== ""),
  );
}

function checkExample(
  scenarios: RoutingCheckInput[],
  own: number,
  index: number,
  vectorOf: VectorOf,
): RoutingCheckExample {
  const scenario = scenarios[own] as RoutingCheckInput;
  const example = scenario.entryExamples[index] ?? "";
  const intents = scenarios.map((s, i) =>
    scenarioIntent(s, i === own ? s.entryExamples.filter((_, j) => j !== index) : s.entryExamples),
  );
  const request = firstMessage(example, [...intents, EXIT_INTENT]);
  const keyOf = new Map(scenarios.map((s, i) => [intents[i]?.label ?? "", s.key]));
  const ownLabel = intents[own]?.label ?? "";

  const local = senseLocally(request, vectorOf);
  const scored = scoreIntents(request, vectorOf)
    .filter((s) => s.intent.kind === "scenario")
    .sort((a, b) => b.score - a.score);
  const ownScore = scored.find((s) => s.intent.label === ownLabel);
  const bestOther = scored.find((s) => s.intent.label !== ownLabel);

  const detected = local.context.detected_intent;
  const routedTo = local.decision === "enter" && detected ? (keyOf.get(detected) ?? null) : null;
  const outcome: RoutingCheckExample["outcome"] =
    routedTo === scenario.key
      ? "own"
      : routedTo
        ? "other"
        : local.decision === "exit"
          ? "exit"
          : local.decision === "ambiguous"
            ? "ambiguous"
            : "none";
  const runnerUp = scored.find((s) => keyOf.get(s.intent.label) !== (routedTo ?? undefined));
  // Closer only when the other scenario is a plausible reading at all (confidence ≥ 0.3, the sensor's
  // floor for naming an intent): a shared 3-gram ("wimble" / "possible") is not a lean.
  const closer =
    bestOther !== undefined && bestOther.score > (ownScore?.score ?? 0) && bestOther.confidence >= LEAN_CONFIDENCE;
  const problem: RoutingCheckExample["problem"] = closer
    ? "closer_to_other"
    : outcome === "own"
      ? null
      : "not_routed_home";

  const row: RoutingCheckExample = {
    scenario_key: scenario.key,
    example,
    outcome,
    routed_to: routedTo,
    confidence: local.confidence,
    own_confidence: ownScore?.confidence ?? 0,
    runner_up: runnerUp
      ? { scenario_key: keyOf.get(runnerUp.intent.label) ?? runnerUp.intent.label, confidence: runnerUp.confidence }
      : null,
    problem,
    advice: null,
  };
  const names = new Map(scenarios.map((s) => [s.key, s.name]));
  const closest = bestOther ? (keyOf.get(bestOther.intent.label) ?? "") : "";
  return { ...row, advice: exampleAdvice(row, scenario.name, names.get(closest) ?? closest) };
}

/**
 * Runs every enabled scenario's entry examples leave-one-out through the local sensor. Pure apart from
 * the one Embedder call; an agent with no scenarios gets empty tables.
 */
export async function checkRouting(scenarios: RoutingCheckInput[], embedder: Embedder): Promise<RoutingCheckReport> {
  const enabled = scenarios.filter((s) => s.enabled);
  const vectorOf = await vectorsFor([...enabled.map((s) => scenarioIntent(s, s.entryExamples)), EXIT_INTENT], embedder);
  const picked = examplesToCheck(enabled);
  const examples = picked.map(({ scenario, index }) => checkExample(enabled, scenario, index, vectorOf));
  const total = enabled.reduce((n, s) => n + s.entryExamples.length, 0);
  const rows: RoutingCheckScenario[] = scenarios.map((s) => {
    const problem = !s.enabled ? "disabled" : s.entryExamples.length < MIN_EXAMPLES ? "few_examples" : null;
    return {
      scenario_key: s.key,
      name: s.name,
      enabled: s.enabled,
      examples: s.entryExamples.length,
      checked: examples.filter((e) => e.scenario_key === s.key).length,
      routed_home: examples.filter((e) => e.scenario_key === s.key && e.outcome === "own").length,
      problem,
      advice: scenarioAdvice(problem, s.entryExamples.length, MIN_EXAMPLES),
    };
  });
  const routedHome = examples.filter((e) => e.outcome === "own").length;
  return {
    examples,
    scenarios: rows,
    summary: {
      examples: examples.length,
      routed_home: routedHome,
      accuracy: examples.length > 0 ? Math.round((routedHome / examples.length) * 1000) / 1000 : null,
      flagged_examples: examples.filter((e) => e.problem !== null).length,
      flagged_scenarios: rows.filter((r) => r.problem === "few_examples").length,
      unchecked: total - examples.length,
    },
  };
}
