import type { SenseRequest } from "../../contracts/model";
import { contentWords } from "../../text/words";
import { logistic, round3 } from "./intent-scores";
import { type LocalSenseResult, result } from "./local-sense-result";
import { decided, PLAUSIBLE, type Sensing, tiedContext } from "./local-sensing";
import { hasSwitchMarker } from "./message-phrases";

// Inside a scenario (stickiness): an anchored message stays unless it carries a switch marker; a message
// that is not anchored, says enough to be a request of its own and matches another scenario confidently
// is a genuine switch.

/** Another scenario must reach this intent confidence to take over a non-anchored follow-up. */
const SWITCH_CONFIDENCE = 0.85;
/** Content words a message needs to be a request of its own, without a switch marker. */
const MIN_SWITCH_WORDS = 3;
/** What the stay decision reports for the other scenarios' ceiling: below exit_intent_threshold's default. */
const FOLLOW_UP_CEILING = 0.6;

type ActiveScenario = NonNullable<SenseRequest["activeScenario"]>;

interface FollowUp {
  active: ActiveScenario;
  /** The step has no transitions left: the scenario holds nobody. */
  finished: boolean;
  /** "another question", "by the way", "unrelated". */
  marker: boolean;
  /**
   * A request of its own: at least MIN_SWITCH_WORDS content words ("How much does the blue kettle
   * cost?"). "what about the price?" mid-refund is a follow-up.
   */
  selfContained: boolean;
  transitionScore: number;
}

/** A confident, non-anchored request for another scenario (or one with a switch marker) takes over. */
function switchScenario(s: Sensing, f: FollowUp): LocalSenseResult | null {
  const { bestOther, anchor, own } = s;
  if (!bestOther || (anchor && !f.marker)) return null;
  const otherStrong = bestOther.confidence >= SWITCH_CONFIDENCE && f.selfContained;
  if (!otherStrong && !(f.marker && bestOther.confidence >= PLAUSIBLE)) return null;
  if (!(bestOther.score > f.transitionScore + 0.1 || f.marker)) return null;
  const margin = bestOther.score - Math.max(f.transitionScore, own?.score ?? 0);
  return decided(
    s,
    bestOther,
    f.marker ? 0.9 : Math.min(logistic(bestOther.score, 14, 0.5), logistic(margin, 15, 0.1)),
    "switch",
    `switch to ${bestOther.intent.label} ${round3(bestOther.score)}${f.marker ? " (switch marker)" : ""}, not anchored`,
  );
}

/** A finished scenario holds nobody: a new request for another scenario takes over. */
function leaveFinishedScenario(s: Sensing, f: FollowUp): LocalSenseResult | null {
  const { bestOther, anchor, own } = s;
  if (!f.finished || !bestOther || bestOther.confidence < PLAUSIBLE || anchor || !(f.selfContained || f.marker))
    return null;
  return decided(
    s,
    bestOther,
    Math.min(logistic(bestOther.score, 14, 0.45), logistic(bestOther.score - (own?.score ?? 0), 15, 0.05)),
    "switch",
    `${f.active.name} is finished; ${bestOther.intent.label} ${round3(bestOther.score)}`,
  );
}

/** Two intents tie and nothing anchors the message to the scenario: ask. */
function tieInsideScenario(s: Sensing): LocalSenseResult | null {
  if (!s.tie || s.anchor) return null;
  return result(tiedContext(s, s.tie), 0.6, "ambiguous", "tie inside the scenario", s.extras);
}

/**
 * The step's best transition, unless the message is anchored and closer to its own scenario's examples
 * than to any transition: then it asks about the scenario, not the step's answer ("how much will I get
 * back?" at verify is not "yes, go ahead").
 */
function takeTransition(s: Sensing, f: FollowUp): LocalSenseResult | null {
  const { bestTransition, anchor, own, transitions } = s;
  const aboutScenario = anchor !== null && (own?.score ?? 0) > f.transitionScore;
  if (!bestTransition || bestTransition.confidence < PLAUSIBLE || aboutScenario) return null;
  const rival = Math.max(transitions[1]?.score ?? 0, 0);
  const margin = bestTransition.score - rival;
  return decided(
    s,
    bestTransition,
    Math.min(logistic(bestTransition.score, 12, 0.4), logistic(margin, 20, 0.05)) * (anchor ? 1 : 0.97),
    "transition",
    `${bestTransition.intent.label} ${round3(bestTransition.score)}${anchor ? `; ${anchor}` : ""}`,
  );
}

/**
 * Stay: the other scenarios are reported no higher than FOLLOW_UP_CEILING through intent_confidence.
 * Anchored: a follow-up that stays; the more another scenario pulls, the less sure.
 */
function stay(s: Sensing, f: FollowUp): LocalSenseResult {
  const { anchor, own, bestOther } = s;
  const ownLabel = own?.intent.label ?? f.active.intentLabel;
  const otherConfidence = bestOther?.confidence ?? 0;
  const stayConfidence = anchor
    ? 0.93 - 0.1 * Math.max(0, otherConfidence - FOLLOW_UP_CEILING)
    : f.finished
      ? 0.8
      : 0.6;
  const named = anchor || f.finished;
  return result(
    {
      ...s.base,
      detected_intent: named ? ownLabel : null,
      intent_confidence: named ? round3(Math.max(own?.confidence ?? 0, stayConfidence)) : round3(own?.confidence ?? 0),
    },
    stayConfidence,
    "stay",
    anchor ? `stay in ${f.active.name}: ${anchor}` : `stay in ${f.active.name}: nothing else matches`,
    s.extras,
  );
}

/** The decision inside the active scenario: switch, leave a finished one, ask on a tie, take a transition, or stay. */
export function senseFollowUp(s: Sensing, active: ActiveScenario): LocalSenseResult {
  const f: FollowUp = {
    active,
    finished: s.transitions.length === 0,
    marker: hasSwitchMarker(s.request.message),
    selfContained: contentWords(s.request.message).length >= MIN_SWITCH_WORDS,
    transitionScore: s.bestTransition?.score ?? 0,
  };
  return (
    switchScenario(s, f) ?? leaveFinishedScenario(s, f) ?? tieInsideScenario(s) ?? takeTransition(s, f) ?? stay(s, f)
  );
}
