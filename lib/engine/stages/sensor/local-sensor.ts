import type { SenseRequest } from "../../contracts/model";
import { words } from "../../text/words";
import { senseEntry } from "./local-entry";
import { senseFollowUp } from "./local-follow-up";
import { type LocalSenseResult, result } from "./local-sense-result";
import { describeIntent, readSensing, type Sensing } from "./local-sensing";
import { GREETING, isExitRequest, isHypothetical, isNonActionable } from "./message-phrases";
import type { VectorOf } from "./text-vectors";

// The local sensor: the turn's Context from one deterministic pass over the embedder's vectors, and a
// calibrated confidence that the routing it implies is the one a model sensor would give. The engine
// runs it before the model sensor and skips the model call when the confidence clears
// `sensor.local_confidence`; the offline provider answers its `sense` calls with it.
//
// The intent score (./intent-scores.ts) gives each intent a confidence; the rules below turn those into
// one routing decision: first the ones that hold anywhere (exit, nothing actionable, greeting,
// hypothetical), then entering (./local-entry.ts) or following up inside the active scenario
// (./local-follow-up.ts).
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

export { AMBIGUITY_MARGIN } from "./local-sensing";

/** Below this confidence no intent is reported (detected_intent null). */
const INTENT_FLOOR = 0.3;

/**
 * An exit leaves the active scenario; with none active, "stop it" or "cancel" is a request like any
 * other (an agent may have a scenario for cancelling), scored below.
 */
function exitRequested(s: Sensing, request: SenseRequest): LocalSenseResult | null {
  const exit = request.intents.find((i) => i.kind === "exit");
  if (!exit || !request.activeScenario || !isExitRequest(request.message)) return null;
  return result(
    { ...s.base, detected_intent: exit.label, intent_confidence: 0.97 },
    0.97,
    "exit",
    "exit phrase",
    s.extras,
  );
}

/** "hmm", "?", or "ok" before the agent said anything: nothing to act on yet. */
function nothingActionable(s: Sensing, request: SenseRequest): LocalSenseResult | null {
  if (!isNonActionable(request.message, request.history)) return null;
  return result(
    { ...s.base, is_ambiguous: true, ambiguity_reason: "your message doesn't say yet what you'd like me to do" },
    0.95,
    "ambiguous",
    "nothing actionable",
    s.extras,
  );
}

/** A greeting with no scenario active goes nowhere. */
function greeting(s: Sensing, request: SenseRequest): LocalSenseResult | null {
  if (request.activeScenario || !GREETING.test(words(request.message).join(" "))) return null;
  return result(s.base, 0.95, "none", "greeting", s.extras);
}

/** "what if I wanted a refund?": ambiguous, naming what it is about when one scenario reaches INTENT_FLOOR. */
function hypothetical(s: Sensing, request: SenseRequest): LocalSenseResult | null {
  if (!isHypothetical(request.message)) return null;
  const top = s.scenarios[0];
  const named = top && top.confidence >= INTENT_FLOOR ? top : undefined;
  const about = named ? ` about ${describeIntent(named.intent)}` : "";
  return result(
    {
      ...s.base,
      detected_intent: named ? named.intent.label : null,
      intent_confidence: top?.confidence ?? 0,
      is_ambiguous: true,
      ambiguity_reason: `you seem to be asking hypothetically${about}, so I won't start anything yet`,
    },
    0.9,
    "ambiguous",
    "hypothetical",
    s.extras,
  );
}

/** The local sensor: the Context a model sensor would give, and how sure it is. Pure and synchronous. */
export function senseLocally(request: SenseRequest, vectorOf: VectorOf): LocalSenseResult {
  const s = readSensing(request, vectorOf);
  const active = request.activeScenario;
  return (
    exitRequested(s, request) ??
    nothingActionable(s, request) ??
    greeting(s, request) ??
    hypothetical(s, request) ??
    (active ? senseFollowUp(s, active) : senseEntry(s))
  );
}
