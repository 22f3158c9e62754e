import type { IntentOption, SenseRequest, SensorOutput } from "../../contracts/model";
import { anchorOf } from "./conversation-anchor";
import { extractEntities } from "./entities";
import { labelText, logistic, round3, scoreIntents } from "./intent-scores";
import { entryCalibration } from "./local-calibration";
import { type LocalSenseResult, result } from "./local-sense-result";
import { GREETING, hasSwitchMarker, isExitRequest, isHypothetical, isNonActionable } from "./message-phrases";
import { contentWords, words } from "./text";
import type { VectorOf } from "./text-vectors";
import { unextractedFields } from "./unextracted-fields";

// The local sensor: the turn's Context from one deterministic pass over the embedder's vectors, and a
// calibrated confidence that the routing it implies is the one a model sensor would give. The engine
// runs it before the model sensor and skips the model call when the confidence clears
// `sensor.local_confidence`; the offline provider answers its `sense` calls with it.
//
// The intent score (./intent-scores.ts) gives each intent a confidence; the rules below turn those into
// one routing decision.
//
// Context (stickiness): inside an active scenario a message is *anchored* to the
// conversation when it points back at it ("it", "that order", "will I get back", "I paid"), uses a
// word only the active scenario's examples, transitions or steps use, or repeats an id or amount the
// conversation already holds ("sample2", "123"). An anchored message stays — another scenario's
// vocabulary ("how much", "price") does not take it away — unless it carries an explicit switch marker
// ("another question", "by the way", "unrelated"). Explicit exits always leave. A message that is not
// anchored, says enough to be a request of its own (≥ MIN_SWITCH_WORDS content words) and matches
// another scenario confidently (≥ SWITCH_CONFIDENCE) is a genuine switch.
//
// Ambiguity — is_ambiguous, with a clause the clarifier puts after "I want to be sure I
// understand:", when (a) two plausible intents leading to different places are within
// AMBIGUITY_MARGIN raw score of each other, (b) the message has nothing actionable ("hmm", "?", or "ok"
// before the agent said anything), (c) it is hypothetical ("what if I wanted a refund?").
//
// Confidence: one number per decision path, from the margin that path depends on. Entering and "out of
// scope" use per-agent-size thresholds calibrated on CLINC150 val (./local-calibration.ts); the other
// paths were set on the labelled routing set under ./corpus (README: Calibration).

export const AMBIGUITY_MARGIN = 0.05;
const PLAUSIBLE = 0.5;
/** Below this confidence no intent is reported (detected_intent null). */
const INTENT_FLOOR = 0.3;
/** Another scenario must reach this intent confidence to take over a non-anchored follow-up. */
const SWITCH_CONFIDENCE = 0.85;
/** Content words a message needs to be a request of its own, without a switch marker. */
const MIN_SWITCH_WORDS = 3;
/** What the stay decision reports for the other scenarios' ceiling: below exit_intent_threshold's default. */
const FOLLOW_UP_CEILING = 0.6;

/** How the clarifier names an intent: scenario labels read as words, transitions by their first example. */
function describeIntent(intent: IntentOption): string {
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

/** The local sensor: the Context a model sensor would give, and how sure it is. Pure and synchronous. */
export function senseLocally(request: SenseRequest, vectorOf: VectorOf): LocalSenseResult {
  const entities = extractEntities(request.profileFields, request);
  const unextracted = unextractedFields(request, entities);
  const active = request.activeScenario;
  const scored = scoreIntents(request, vectorOf).sort(
    (a, b) => b.confidence - a.confidence || b.score - a.score || a.intent.label.localeCompare(b.intent.label),
  );
  const anchored = active ? anchorOf(request) : null;
  // A weak anchor gives way to another scenario asked for in its own words (two of its own stems, none
  // of the active one's): "I'd like to return my order and get refunded" in the middle of a price question.
  const rival = scored.find((s) => s.intent.kind === "scenario" && s.intent.label !== active?.intentLabel);
  const activeWords = scored.find((s) => s.intent.label === active?.intentLabel)?.ownWords ?? 0;
  const yields = (rival?.ownWords ?? 0) >= 2 && activeWords === 0;
  const anchor = anchored && (anchored.strong || !yields) ? anchored.why : null;
  const extras = { unextracted, anchored: anchor !== null, scored };
  const base: SensorOutput = {
    detected_intent: null,
    intent_confidence: 0,
    entities,
    is_ambiguous: false,
    ambiguity_reason: null,
  };

  // An exit leaves the active scenario; with none active, "stop it" or "cancel" is a request like any
  // other (an agent may have a scenario for cancelling), scored below.
  const exit = request.intents.find((i) => i.kind === "exit");
  if (exit && active && isExitRequest(request.message)) {
    return result(
      { ...base, detected_intent: exit.label, intent_confidence: 0.97 },
      0.97,
      "exit",
      "exit phrase",
      extras,
    );
  }
  if (isNonActionable(request.message, request.history)) {
    return result(
      { ...base, is_ambiguous: true, ambiguity_reason: "your message doesn't say yet what you'd like me to do" },
      0.95,
      "ambiguous",
      "nothing actionable",
      extras,
    );
  }

  if (!active && GREETING.test(words(request.message).join(" "))) {
    return result(base, 0.95, "none", "greeting", extras);
  }

  const scenarios = scored.filter((s) => s.intent.kind === "scenario");
  const transitions = scored.filter((s) => s.intent.kind === "transition");
  const own = active ? scenarios.find((s) => s.intent.label === active.intentLabel) : undefined;
  const others = scenarios.filter((s) => s !== own);
  const bestOther = others[0];
  const bestTransition = transitions[0];

  if (isHypothetical(request.message)) {
    const top = scenarios[0];
    const about = top && top.confidence >= INTENT_FLOOR ? ` about ${describeIntent(top.intent)}` : "";
    return result(
      {
        ...base,
        detected_intent: top && top.confidence >= INTENT_FLOOR ? top.intent.label : null,
        intent_confidence: top?.confidence ?? 0,
        is_ambiguous: true,
        ambiguity_reason: `you seem to be asking hypothetically${about}, so I won't start anything yet`,
      },
      0.9,
      "ambiguous",
      "hypothetical",
      extras,
    );
  }

  // Two plausible intents leading to different places, within the margin: ambiguous.
  // With no scenario active the exit intent leads nowhere a scenario does not: it never ties.
  const candidates = active ? scored : scored.filter((s) => s.intent.kind !== "exit");
  const top = candidates[0];
  const runnerUp = candidates.find((s) => s !== top && !(top && agree(top.intent, s.intent, active)));
  const tied =
    top &&
    runnerUp &&
    top.confidence >= PLAUSIBLE &&
    runnerUp.confidence >= PLAUSIBLE &&
    Math.abs(top.score - runnerUp.score) <= AMBIGUITY_MARGIN &&
    !(active && anchor && (top === own || top.intent.kind === "transition"));

  if (!active) {
    const calibration = entryCalibration(
      scenarios.length,
      scenarios.reduce((sum, s) => sum + s.intent.examples.length, 0),
    );
    const best = scenarios[0];
    const score = best?.score ?? 0;
    if (!best || score < calibration.outOfScopeBelow) {
      // Far below the floor: nothing to route to. Near it, a model may still see a scenario.
      return result(
        { ...base, intent_confidence: best?.confidence ?? 0 },
        // 0.85 at half the floor, 0.16 at the floor (the same points as before the sparse vectors).
        logistic(1 - score / calibration.outOfScopeBelow, 6.8, 0.244),
        "out_of_scope",
        `no scenario reaches ${calibration.outOfScopeBelow} (best ${round3(score)})`,
        extras,
      );
    }
    if (tied && top && runnerUp) {
      const gap = Math.abs(top.score - runnerUp.score);
      return result(
        {
          ...base,
          detected_intent: top.intent.label,
          intent_confidence: top.confidence,
          is_ambiguous: true,
          ambiguity_reason: `your message could mean ${describeIntent(top.intent)} or ${describeIntent(runnerUp.intent)}`,
        },
        // The closer the tie, the surer "ambiguous" is.
        logistic(AMBIGUITY_MARGIN - gap, 80, 0.0) * 0.95,
        "ambiguous",
        `tie ${top.intent.label} ${round3(top.score)} / ${runnerUp.intent.label} ${round3(runnerUp.score)}`,
        extras,
        [describeIntent(top.intent), describeIntent(runnerUp.intent)],
      );
    }
    // Entering alone reads the support (two best examples), and its margin over every other scenario's.
    const rivalSupport = Math.max(0, ...scenarios.slice(1).map((s) => s.support));
    const margin = best.support - rivalSupport;
    return result(
      { ...base, detected_intent: best.intent.label, intent_confidence: best.confidence },
      Math.min(logistic(best.support, 14, calibration.scoreCentre), logistic(margin, 20, calibration.marginCentre)),
      "enter",
      `enter ${best.intent.label} ${round3(score)} (support ${round3(best.support)}, margin ${round3(margin)})`,
      extras,
    );
  }

  // Inside a scenario.
  const finished = transitions.length === 0;
  const marker = hasSwitchMarker(request.message);
  // A genuine switch is a request of its own: a switch marker, or at least MIN_SWITCH_WORDS content
  // words ("How much does the blue kettle cost?"). "what about the price?" mid-refund is a follow-up.
  const selfContained = contentWords(request.message).length >= MIN_SWITCH_WORDS;
  const otherStrong = bestOther && bestOther.confidence >= SWITCH_CONFIDENCE && selfContained;
  const transitionScore = bestTransition?.score ?? 0;
  if (bestOther && (otherStrong || (marker && bestOther.confidence >= PLAUSIBLE)) && (!anchor || marker)) {
    if (bestOther.score > transitionScore + 0.1 || marker) {
      const margin = bestOther.score - Math.max(transitionScore, own?.score ?? 0);
      return result(
        { ...base, detected_intent: bestOther.intent.label, intent_confidence: bestOther.confidence },
        marker ? 0.9 : Math.min(logistic(bestOther.score, 14, 0.5), logistic(margin, 15, 0.1)),
        "switch",
        `switch to ${bestOther.intent.label} ${round3(bestOther.score)}${marker ? " (switch marker)" : ""}, not anchored`,
        extras,
      );
    }
  }
  if (finished && bestOther && bestOther.confidence >= PLAUSIBLE && !anchor && (selfContained || marker)) {
    // A finished scenario holds nobody: a new request for another scenario takes over.
    return result(
      { ...base, detected_intent: bestOther.intent.label, intent_confidence: bestOther.confidence },
      Math.min(logistic(bestOther.score, 14, 0.45), logistic(bestOther.score - (own?.score ?? 0), 15, 0.05)),
      "switch",
      `${active.name} is finished; ${bestOther.intent.label} ${round3(bestOther.score)}`,
      extras,
    );
  }
  if (tied && top && runnerUp && !anchor) {
    return result(
      {
        ...base,
        detected_intent: top.intent.label,
        intent_confidence: top.confidence,
        is_ambiguous: true,
        ambiguity_reason: `your message could mean ${describeIntent(top.intent)} or ${describeIntent(runnerUp.intent)}`,
      },
      0.6,
      "ambiguous",
      "tie inside the scenario",
      extras,
    );
  }
  // Stay: the other scenarios are reported no higher than FOLLOW_UP_CEILING through intent_confidence.
  // An anchored message closer to its own scenario's examples than to any transition asks about the
  // scenario, not the step's answer ("how much will I get back?" at verify is not "yes, go ahead").
  const aboutScenario = anchor !== null && (own?.score ?? 0) > transitionScore;
  if (bestTransition && bestTransition.confidence >= PLAUSIBLE && !aboutScenario) {
    const rival = Math.max(transitions[1]?.score ?? 0, 0);
    const margin = bestTransition.score - rival;
    return result(
      { ...base, detected_intent: bestTransition.intent.label, intent_confidence: bestTransition.confidence },
      Math.min(logistic(bestTransition.score, 12, 0.4), logistic(margin, 20, 0.05)) * (anchor ? 1 : 0.97),
      "transition",
      `${bestTransition.intent.label} ${round3(bestTransition.score)}${anchor ? `; ${anchor}` : ""}`,
      extras,
    );
  }
  const ownLabel = own?.intent.label ?? active.intentLabel;
  const otherConfidence = bestOther?.confidence ?? 0;
  // Anchored: a follow-up that stays; the more another scenario pulls, the less sure.
  const stayConfidence = anchor ? 0.93 - 0.1 * Math.max(0, otherConfidence - FOLLOW_UP_CEILING) : finished ? 0.8 : 0.6;
  return result(
    {
      ...base,
      detected_intent: anchor || finished ? ownLabel : null,
      intent_confidence:
        anchor || finished ? round3(Math.max(own?.confidence ?? 0, stayConfidence)) : round3(own?.confidence ?? 0),
    },
    stayConfidence,
    "stay",
    anchor ? `stay in ${active.name}: ${anchor}` : `stay in ${active.name}: nothing else matches`,
    extras,
  );
}
