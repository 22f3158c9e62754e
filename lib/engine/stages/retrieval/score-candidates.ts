import type { CompiledAgent } from "../../compile/compile-agent";
import { maxCosine, round3 } from "../../compile/similarity";
import type { SensorOutput } from "../../contracts/model";
import type { SessionState } from "../../contracts/session-state";
import { EXIT_INTENT, TRANSITION_INTENT_PREFIX } from "../sensor/run-sensor";

interface ScenarioCandidate {
  scenarioId: string;
  name: string;
  intentLabel: string;
  similarity: number;
  /** max(similarity, sensor confidence when the sensor named this intent). */
  score: number;
}

interface TransitionCandidate {
  transitionId: string;
  fromStepId: string;
  toStepId: string;
  similarity: number;
  score: number;
}

export interface Candidates {
  scenarios: ScenarioCandidate[];
  transitions: TransitionCandidate[];
  exit: { requested: boolean; similarity: number; via: "sensor" | "keyword" | "similarity" | null };
  /**
   * Why no scenario may be entered or switched to, whatever the similarities: the sensor named no
   * intent ("no_intent"), or, with no model configured, found the message far from every scenario
   * ("out_of_scope": the agent's out-of-scope reply). null when the sensor named an intent or was unsure.
   */
  noScenario: "no_intent" | "out_of_scope" | null;
}

// An exit recognised by similarity alone must be near-verbatim ("cancel that", "start over please").
const EXIT_SIMILARITY = 0.8;
const EXIT_KEYWORDS = /^(?:please\s+)?(?:cancel|start over|never ?mind|forget it|stop)\b/i;

/**
 * Stage 3 (see README.md): scenarios scored on their entry_examples, the current
 * step's transitions on their examples; the sensor's intent, when confident, stands in for similarity.
 */
export function scoreCandidates(
  agent: CompiledAgent,
  session: SessionState,
  message: Float32Array,
  messageText: string,
  sensor: SensorOutput,
  minIntentConfidence: number,
  outOfScope = false,
): Candidates {
  const trusted = sensor.intent_confidence >= minIntentConfidence ? sensor.detected_intent : null;
  const active = session.activeScenarioId ? agent.scenarios.get(session.activeScenarioId)?.scenario : undefined;
  const labels = new Set([...agent.scenarios.values()].map(({ scenario }) => scenario.intentLabel || scenario.key));
  // A trusted sensor that names where the message goes — the active scenario (its own intent or one of
  // the current step's transitions) or the scenario to enter — leaves every other scenario at most
  // 1 − its confidence: a message that shares words with another scenario's examples ("how much will I
  // get back?" mid-refund) does not go there on similarity alone.
  const names =
    trusted !== null && (labels.has(trusted) || (active !== undefined && trusted.startsWith(TRANSITION_INTENT_PREFIX)));
  const othersCeiling = names ? round3(1 - sensor.intent_confidence) : 1;
  const scenarios: ScenarioCandidate[] = [];
  for (const { scenario, vectors } of agent.scenarios.values()) {
    const label = scenario.intentLabel || scenario.key;
    const similarity = maxCosine(message, vectors);
    const score =
      trusted === label
        ? Math.max(similarity, sensor.intent_confidence)
        : scenario.id === active?.id
          ? similarity
          : Math.min(similarity, othersCeiling);
    scenarios.push({
      scenarioId: scenario.id,
      name: scenario.name,
      intentLabel: label,
      similarity: round3(similarity),
      score: round3(score),
    });
  }
  // The named scenario wins a tie with the ceiling (confidence 0.5 leaves the others at 0.5 too).
  scenarios.sort((a, b) => b.score - a.score || Number(b.intentLabel === trusted) - Number(a.intentLabel === trusted));

  const transitions: TransitionCandidate[] = [];
  const scenarioId = session.activeStepId ? agent.scenarioOfStep.get(session.activeStepId) : undefined;
  const from = scenarioId
    ? agent.scenarios.get(scenarioId)?.transitionsFrom.get(session.activeStepId ?? "")
    : undefined;
  for (const { transition, vectors } of from ?? []) {
    const similarity = maxCosine(message, vectors);
    const named = trusted === `${TRANSITION_INTENT_PREFIX}${transition.id}`;
    const score = named ? Math.max(similarity, sensor.intent_confidence) : similarity;
    transitions.push({
      transitionId: transition.id,
      fromStepId: transition.fromStepId,
      toStepId: transition.toStepId,
      similarity: round3(similarity),
      score: round3(score),
    });
  }
  transitions.sort((a, b) => b.score - a.score);

  const exitSimilarity = round3(maxCosine(message, agent.exitVectors));
  let via: Candidates["exit"]["via"] = null;
  if (sensor.detected_intent === EXIT_INTENT) via = "sensor";
  else if (EXIT_KEYWORDS.test(messageText.trim())) via = "keyword";
  else if (exitSimilarity >= EXIT_SIMILARITY) via = "similarity";
  // The sensor's "no intent" wins over similarity; an ambiguous message never gets here (stage 2).
  const noScenario = outOfScope ? "out_of_scope" : sensor.detected_intent === null ? "no_intent" : null;
  return {
    scenarios,
    transitions,
    exit: { requested: via !== null, similarity: exitSimilarity, via },
    noScenario,
  };
}
