import type { IntentOption, SenseRequest, SensorOutput } from "../../contracts/model";
import { extractEntities, needsSelfReference } from "./entities";
import { contentWords, fold, STOPWORDS, stem, words } from "./text";

// The local sensor: the turn's Context from one deterministic pass over the embedder's vectors, and a
// calibrated confidence that the routing it implies is the one a model sensor would give. The engine
// runs it before the model sensor and skips the model call when the confidence clears
// `sensor.local_confidence`; the offline provider answers its `sense` calls with it.
//
// Intent score = best cosine of the message to the intent's examples (its description and label count
// at 0.8) + a keyword boost of 0.12 per stem that only this intent's examples or label use (at most
// 0.24). intent_confidence = logistic(10 · (score − 0.35)): a near-copy of an example ≥ 0.95, a
// paraphrase with the distinctive word ~0.9, one shared content word ~0.5, an unrelated message < 0.15.
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
// Confidence: one number per decision path, from the margin that path depends on (see CALIBRATION in
// the README: measured on the labelled routing set under ./corpus).

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
/** A local decision never claims more than this: `sensor.local_confidence` = 1 always asks the model. */
const MAX_LOCAL_CONFIDENCE = 0.99;

const BOOST_PER_STEM = 0.12;
const BOOST_MAX = 0.24;

/** Pointing at something the conversation already holds: always anchors. */
const BACK_REFERENCE =
  /\b(?:it|its|it's|this|these|those|them|the same|again|(?:is|was|about|on|for|with|of|in|to) that|that(?:'s| one| order| item| price| amount| product| refund| plan)|the one|which one|the first|the second|the third|the last|you found|you listed|you said|you mentioned|instead of)\b|\bthat\s*[?.!]*$/;
/** Pointing at the customer's purchase: anchors unless the message asks for another scenario in its own words. */
const PURCHASE_REFERENCE =
  /\b(?:my order|the order|my refund|the refund|my money|the money|my purchase|the purchase|the item|the parcel|my parcel|the package|my package|i paid|i bought|i ordered|i spent|get back|i get|will i get|do i get|did i pay|did it cost)\b/;
const SWITCH_MARKER =
  /\b(?:(?:another|different|separate|unrelated|new|other|second|quick|side) (?:question|topic|thing|matter|subject)|by the way|btw|changing the subject|change of subject|on another note|something else|one more thing|unrelated|while (?:i have|i've got) you|also wanted to ask|also want to ask|actually,? i (?:just )?want(?:ed)? to ask)\b/;

const EXIT_PHRASES = [
  "cancel",
  "start over",
  "start again",
  "stop",
  "never mind",
  "nevermind",
  "forget it",
  "forget about it",
  "quit",
  "abort",
  "drop it",
  "scratch that",
];
/** Words that may sit around an exit phrase without changing its meaning: "ok let's just cancel this". */
const EXIT_NOISE = new Set([
  "lets",
  "let",
  "actually",
  "just",
  "this",
  "that",
  "it",
  "everything",
  "all",
  "whole",
  "thing",
  "please",
  "sorry",
  "oh",
  "ok",
  "okay",
  "well",
  "fine",
  "now",
  "request",
  "refund",
  "conversation",
  "chat",
  "lol",
  "nah",
  "hmm",
]);

const FILLER = /^(?:h+m+|u+h+m*|u+m+|e+r+m*|a+h+|o+h+|e+h+|h+u+h+|o?k+|okay|okey|so|well|right|and|or|then)$/;
const AFFIRMATION = /^(?:o?k+|okay|okey|yes|yeah|yep|yup|sure|fine|alright|all right|right)$/;
const GREETING = /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|thanks?|thank you|cheers|bye|goodbye)$/;

const HYPOTHETICAL = [
  /\bwhat if\b/,
  /\bhypothetical(?:ly)?\b/,
  /\bsuppos(?:e|ing)\b/,
  /\bin theory\b/,
  /\btheoretical(?:ly)?\b/,
  /\bimagine\b/,
  /\bif i were to\b/,
  /\bjust (?:curious|wondering|asking)\b/,
  /\bwould it (?:even )?be possible\b.*\b(?:in theory|theoretically|hypothetically)\b/,
];

export type VectorOf = (text: string) => Float32Array;

interface ScoredIntent {
  intent: IntentOption;
  score: number;
  confidence: number;
  /** Stems of the message only this intent's examples or label use. */
  ownWords: number;
}

type LocalDecision = "enter" | "stay" | "transition" | "switch" | "exit" | "ambiguous" | "none";

export interface LocalSenseResult {
  context: SensorOutput;
  /** Calibrated: how likely the routing this Context leads to is the right one. */
  confidence: number;
  decision: LocalDecision;
  why: string;
  /** Declared profile fields the message seems to state but no extractor could read. */
  unextracted: string[];
  anchored: boolean;
  top: { label: string; score: number; confidence: number }[];
}

function logistic(x: number, slope: number, centre: number): number {
  return 1 / (1 + Math.exp(-slope * (x - centre)));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function cap(x: number): number {
  return round3(Math.min(MAX_LOCAL_CONFIDENCE, Math.max(0, x)));
}

function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

function labelText(intent: IntentOption): string {
  return intent.kind === "transition" ? "" : intent.label.replace(/^[a-z]+:/, "").replace(/[_:-]+/g, " ");
}

/** Every text the local sensor embeds for one request: the engine embeds them in one port call. */
export function textsToEmbed(request: SenseRequest): string[] {
  const texts = new Set<string>([request.message]);
  for (const intent of request.intents) {
    for (const example of intent.examples) texts.add(example);
    if (intent.description.trim()) texts.add(intent.description);
    const label = labelText(intent);
    if (label.trim()) texts.add(label);
  }
  return [...texts];
}

/** Stems an intent's examples and label use: its vocabulary for the keyword boost. */
function vocabulary(intent: IntentOption): Set<string> {
  return new Set(contentWords([...intent.examples, labelText(intent)].join(" ")).map(stem));
}

function scoreIntents(request: SenseRequest, vectorOf: VectorOf): ScoredIntent[] {
  const message = vectorOf(request.message);
  const vocabularies = request.intents.map(vocabulary);
  const stemOwners = new Map<string, number>();
  for (const vocab of vocabularies) for (const s of vocab) stemOwners.set(s, (stemOwners.get(s) ?? 0) + 1);
  const messageStems = new Set(contentWords(request.message).map(stem));

  return request.intents.map((intent, i) => {
    let best = 0;
    for (const example of intent.examples) best = Math.max(best, dot(message, vectorOf(example)));
    for (const text of [intent.description, labelText(intent)]) {
      if (text.trim()) best = Math.max(best, 0.8 * dot(message, vectorOf(text)));
    }
    let ownWords = 0;
    for (const s of messageStems) {
      if (vocabularies[i]?.has(s) && stemOwners.get(s) === 1 && !/^\d+$/.test(s)) ownWords += 1;
    }
    const score = best + Math.min(ownWords * BOOST_PER_STEM, BOOST_MAX);
    return { intent, score, confidence: round3(logistic(score, 10, 0.35)), ownWords };
  });
}

/** "cancel", "ok never mind", "let's start over" — an exit phrase with at most one other content word. */
export function isExitRequest(message: string): boolean {
  const text = ` ${words(message).join(" ")} `;
  const phrase = EXIT_PHRASES.find((p) => text.includes(` ${p} `));
  if (!phrase) return false;
  const rest = text
    .replace(` ${phrase} `, " ")
    .trim()
    .split(" ")
    .filter((w) => w && !STOPWORDS.has(w) && !EXIT_NOISE.has(w));
  return rest.length <= 1;
}

export function isHypothetical(message: string): boolean {
  const text = fold(message);
  return HYPOTHETICAL.some((pattern) => pattern.test(text));
}

function agentHasSpoken(history: SenseRequest["history"]): boolean {
  return history.some((turn) => turn.role === "agent");
}

/** No actionable content: empty, punctuation, emoji or fillers — "ok" only when it answers nothing the agent said. */
export function isNonActionable(message: string, history: SenseRequest["history"]): boolean {
  const tokens = words(message);
  if (tokens.length === 0) return true;
  const phrase = tokens.join(" ");
  if (GREETING.test(phrase)) return false;
  if (AFFIRMATION.test(phrase) && agentHasSpoken(history)) return false;
  return tokens.every((t) => FILLER.test(t));
}

function hasSwitchMarker(message: string): boolean {
  return SWITCH_MARKER.test(fold(message));
}

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

/** Ids and amounts the recent conversation holds: a message repeating one points back at it. */
function conversationTokens(history: SenseRequest["history"]): Set<string> {
  const tokens = new Set<string>();
  for (const turn of history.slice(-6)) {
    for (const w of words(turn.text)) if (/\d/.test(w) && w.length >= 2) tokens.add(w);
  }
  return tokens;
}

/**
 * Why the message belongs to the active scenario's conversation, or null. The active scenario's own
 * vocabulary: stems its examples, its current transitions and its step use that no other scenario's
 * examples use.
 */
function anchorOf(request: SenseRequest): { strong: boolean; why: string } | null {
  const active = request.activeScenario;
  if (!active) return null;
  const text = fold(request.message).replace(/[\u2019]/g, "'");
  const back = BACK_REFERENCE.exec(text);
  if (back) return { strong: true, why: `points back ("${back[0].trim()}")` };
  const purchase = PURCHASE_REFERENCE.exec(text);
  if (purchase) return { strong: false, why: `points at the purchase ("${purchase[0]}")` };
  const own = new Set<string>();
  const elsewhere = new Set<string>();
  for (const intent of request.intents) {
    if (intent.kind === "exit") continue;
    const mine = intent.kind === "transition" || intent.label === active.intentLabel;
    const target = mine ? own : elsewhere;
    for (const s of vocabulary(intent)) target.add(s);
  }
  for (const s of contentWords(`${active.name} ${request.activeStep?.name ?? ""}`).map(stem)) own.add(s);
  for (const w of contentWords(request.message)) {
    const s = stem(w);
    if (/^\d+$/.test(s)) continue;
    if (own.has(s) && !elsewhere.has(s)) return { strong: false, why: `uses ${active.name}'s word "${w}"` };
  }
  const held = conversationTokens(request.history);
  for (const w of words(request.message))
    if (held.has(w)) return { strong: true, why: `repeats "${w}" from the conversation` };
  return null;
}

// Cues that a declared field is stated: a value-shaped token the extractors did not take.
const COUNTRY_CUE = /\b(?:in|from|to|live|living|based|ship(?:ping|ped)?|deliver(?:y|ed)?)\s+(?:the\s+)?[A-Z][a-z]{2,}/;
const MONEY_TOKEN = /^(?:\$|€|£)|(?:\$|€|£|usd|eur|gbp|dollars?|euros?|pounds?)$/i;

/**
 * Declared fields the message seems to state but no deterministic extractor read: then the model
 * sensor still runs. An id-like token (digits, not an amount), an e-mail-like "@", a capitalised place
 * after "in/from/to/shipping to", a hinted term or the field's own name.
 */
function unextractedFields(request: SenseRequest, entities: Record<string, unknown>): string[] {
  const out: string[] = [];
  const message = request.message;
  const folded = fold(message);
  const tokens = message.split(/\s+/).filter(Boolean);
  const idLike = tokens.some((raw) => {
    const t = raw.replace(/^[("'#]+|[)"'.,!?:;]+$/g, "");
    if (!/\d/.test(t) || MONEY_TOKEN.test(t)) return false;
    const at = tokens.indexOf(raw);
    const next = (tokens[at + 1] ?? "").toLowerCase();
    return !/^(?:dollars?|euros?|pounds?|usd|eur|gbp|bucks|days?|weeks?|months?|years?|hours?|minutes?|items?|times?|x|kg|l)\b/.test(
      next,
    );
  });
  for (const field of request.profileFields) {
    if (entities[field.fieldName] !== undefined) continue;
    const name = field.fieldName.toLowerCase();
    const nameWords = name.split(/_/).filter((w) => w.length > 2 && !["id", "number", "code", "ref"].includes(w));
    let cue = false;
    if (/e-?mail/.test(name)) cue = /@/.test(message);
    else if (/country|nation/.test(`${name} ${field.description.toLowerCase()}`))
      cue = COUNTRY_CUE.test(message) || /\bcountry\b/.test(folded);
    else if (/(?:^|_)(?:id|number|no|ref|reference|code)$/.test(name)) cue = idLike;
    else {
      const terms = field.extractionHints.flatMap((hint) =>
        [...hint.matchAll(/'([^']{1,40})'|"([^"]{1,40})"/g)].map((m) => fold(m[1] ?? m[2] ?? "")),
      );
      // Terms about the customer ("VIP", "premium") are stated only in the first person.
      const aboutMe = /\b(?:i|im|i'm|my|me|we|our|as an?)\b/.test(folded);
      cue =
        ((aboutMe || !needsSelfReference(field)) &&
          terms.some(
            (t) => t && !/\d/.test(t) && new RegExp(`\\b${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(folded),
          )) ||
        nameWords.some((w) => new RegExp(`\\b${w}\\b`).test(folded));
    }
    if (cue) out.push(field.fieldName);
  }
  return out;
}

function result(
  context: SensorOutput,
  confidence: number,
  decision: LocalDecision,
  why: string,
  extras: { unextracted: string[]; anchored: boolean; scored: ScoredIntent[] },
): LocalSenseResult {
  return {
    context,
    confidence: cap(confidence),
    decision,
    why,
    unextracted: extras.unextracted,
    anchored: extras.anchored,
    top: extras.scored
      .slice(0, 3)
      .map((s) => ({ label: s.intent.label, score: round3(s.score), confidence: s.confidence })),
  };
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

  const exit = request.intents.find((i) => i.kind === "exit");
  if (exit && isExitRequest(request.message)) {
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
  const top = scored[0];
  const runnerUp = scored.find((s) => s !== top && !(top && agree(top.intent, s.intent, active)));
  const tied =
    top &&
    runnerUp &&
    top.confidence >= PLAUSIBLE &&
    runnerUp.confidence >= PLAUSIBLE &&
    Math.abs(top.score - runnerUp.score) <= AMBIGUITY_MARGIN &&
    !(active && anchor && (top === own || top.intent.kind === "transition"));

  if (!active) {
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
      );
    }
    const best = scenarios[0];
    if (!best || best.confidence < INTENT_FLOOR) {
      const score = best?.score ?? 0;
      // Far below the floor: nothing to route to. Near it, a model may still see a scenario.
      return result(
        { ...base, intent_confidence: best?.confidence ?? 0 },
        logistic(0.2 - score, 25, 0),
        "none",
        `no scenario reaches ${INTENT_FLOOR} (best ${round3(score)})`,
        extras,
      );
    }
    const second = scenarios[1];
    const margin = best.score - (second?.score ?? 0);
    return result(
      { ...base, detected_intent: best.intent.label, intent_confidence: best.confidence },
      Math.min(logistic(best.score, 14, 0.42), logistic(margin, 20, 0.05)),
      "enter",
      `enter ${best.intent.label} ${round3(best.score)}, margin ${round3(margin)}`,
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
  if (bestTransition && bestTransition.confidence >= PLAUSIBLE) {
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
