import type { IntentOption, SenseRequest, SensorOutput } from "../../contracts/model";
import { anchorOf } from "./conversation-anchor";
import { extractEntities } from "./entities";
import { labelText, type ScoredIntent, scoreIntents } from "./intent-scores";
import { type LocalDecision, type LocalSenseResult, result } from "./local-sense-result";
import type { VectorOf } from "./text-vectors";
import { unextractedFields } from "./unextracted-fields";

export const AMBIGUITY_MARGIN = 0.05;
export const PLAUSIBLE = 0.5;

/** What every rule of the local sensor reads: the message's scores, where the conversation is, and the tie if any. */
export interface Sensing {
  request: SenseRequest;
  /** The Context every decision starts from: the entities, no intent, nothing ambiguous. */
  base: SensorOutput;
  extras: { unextracted: string[]; anchored: boolean; scored: ScoredIntent[] };
  /** Every intent, best first. */
  scored: ScoredIntent[];
  scenarios: ScoredIntent[];
  transitions: ScoredIntent[];
  /** Why the message points back at the active scenario, or null. */
  anchor: string | null;
  /** The active scenario's own intent. */
  own: ScoredIntent | undefined;
  bestOther: ScoredIntent | undefined;
  bestTransition: ScoredIntent | undefined;
  /** Two plausible intents leading to different places within the margin: the two, else null. */
  tie: [ScoredIntent, ScoredIntent] | null;
}

/** How the clarifier names an intent: scenario labels read as words, transitions by their first example. */
export function describeIntent(intent: IntentOption): string {
  if (intent.kind === "transition") {
    const example = intent.examples[0];
    return example ? `something like "${example}"` : intent.description.replace(/\.$/, "").toLowerCase();
  }
  if (intent.kind === "exit") return "stopping here";
  const label = labelText(intent).trim();
  return label ? `a ${label}` : intent.description.replace(/\.$/, "").toLowerCase();
}

/** A transition of the active scenario and the active scenario's own intent lead to the same place. */
function agree(a: IntentOption, b: IntentOption, active: SenseRequest["activeScenario"]): boolean {
  if (!active) return false;
  const isActiveScenario = (i: IntentOption) => i.kind === "scenario" && i.label === active.intentLabel;
  return (a.kind === "transition" && isActiveScenario(b)) || (b.kind === "transition" && isActiveScenario(a));
}

/**
 * Why the message is anchored to the active scenario (conversation-anchor.ts), or null. A weak anchor gives
 * way to another scenario asked for in its own words (two of its own stems, none of the active one's):
 * "I'd like to return my order and get refunded" in the middle of a price question.
 */
function anchorWhy(request: SenseRequest, scored: ScoredIntent[]): string | null {
  const active = request.activeScenario;
  const anchored = active ? anchorOf(request) : null;
  const rival = scored.find((s) => s.intent.kind === "scenario" && s.intent.label !== active?.intentLabel);
  const activeWords = scored.find((s) => s.intent.label === active?.intentLabel)?.ownWords ?? 0;
  const yields = (rival?.ownWords ?? 0) >= 2 && activeWords === 0;
  return anchored && (anchored.strong || !yields) ? anchored.why : null;
}

/**
 * Two plausible intents leading to different places, within the margin: ambiguous. With no scenario
 * active the exit intent leads nowhere a scenario does not: it never ties. An anchored message whose
 * best intent is its own scenario or a transition of it does not tie either.
 */
function tieOf(
  scored: ScoredIntent[],
  active: SenseRequest["activeScenario"],
  anchor: string | null,
  own: ScoredIntent | undefined,
): [ScoredIntent, ScoredIntent] | null {
  const candidates = active ? scored : scored.filter((s) => s.intent.kind !== "exit");
  const top = candidates[0];
  const runnerUp = candidates.find((s) => s !== top && !(top && agree(top.intent, s.intent, active)));
  if (!top || !runnerUp) return null;
  const tied =
    top.confidence >= PLAUSIBLE &&
    runnerUp.confidence >= PLAUSIBLE &&
    Math.abs(top.score - runnerUp.score) <= AMBIGUITY_MARGIN &&
    !(active && anchor && (top === own || top.intent.kind === "transition"));
  return tied ? [top, runnerUp] : null;
}

/** Scores the message once: everything the decision rules read. */
export function readSensing(request: SenseRequest, vectorOf: VectorOf): Sensing {
  const entities = extractEntities(request.profileFields, request);
  const unextracted = unextractedFields(request, entities);
  const active = request.activeScenario;
  const scored = scoreIntents(request, vectorOf).sort(
    (a, b) => b.confidence - a.confidence || b.score - a.score || a.intent.label.localeCompare(b.intent.label),
  );
  const anchor = anchorWhy(request, scored);
  const scenarios = scored.filter((s) => s.intent.kind === "scenario");
  const transitions = scored.filter((s) => s.intent.kind === "transition");
  const own = active ? scenarios.find((s) => s.intent.label === active.intentLabel) : undefined;
  return {
    request,
    base: { detected_intent: null, intent_confidence: 0, entities, is_ambiguous: false, ambiguity_reason: null },
    extras: { unextracted, anchored: anchor !== null, scored },
    scored,
    scenarios,
    transitions,
    anchor,
    own,
    bestOther: scenarios.filter((s) => s !== own)[0],
    bestTransition: transitions[0],
    tie: tieOf(scored, active, anchor, own),
  };
}

/** A decision naming one intent, unambiguous. */
export function decided(
  s: Sensing,
  intent: ScoredIntent,
  confidence: number,
  decision: LocalDecision,
  why: string,
): LocalSenseResult {
  return result(
    { ...s.base, detected_intent: intent.intent.label, intent_confidence: intent.confidence },
    confidence,
    decision,
    why,
    s.extras,
  );
}

/** The Context of a tie: the better intent reported, and the clarifier's clause naming both. */
export function tiedContext(s: Sensing, [top, runnerUp]: [ScoredIntent, ScoredIntent]): SensorOutput {
  return {
    ...s.base,
    detected_intent: top.intent.label,
    intent_confidence: top.confidence,
    is_ambiguous: true,
    ambiguity_reason: `your message could mean ${describeIntent(top.intent)} or ${describeIntent(runnerUp.intent)}`,
  };
}
