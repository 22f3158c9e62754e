import type { IntentOption, SenseRequest, SensorOutput } from "@/lib/engine/contracts/model";
import { dot, embedText } from "./embedder";
import { extractEntities } from "./entities";
import { contentWords, fold, STOPWORDS, stem, words } from "./text";

// The offline sensor (seed 003 Decisions 1, 4, 6): one deterministic pass gives the Context.
//
// Intent score = best cosine of the message to the intent's examples (its description and label count
// at 0.8) + a keyword boost of 0.12 per stem that only this intent's examples or label use (at most
// 0.24), e.g. "refund" for the refund scenario. The score is mapped to a confidence with a logistic
// curve centred on 0.35 (slope 10): a near-copy of an entry example scores ≥ 0.95, a paraphrase with
// the distinctive word ~0.9, a message that shares one content word ~0.5, an unrelated one < 0.15.
//
// Ambiguity (Decision 4) — is_ambiguous with a reason the clarifier can use when:
//   (a) the runner-up intent's raw score is within AMBIGUITY_MARGIN (0.05) of the top one's (raw, because
//       the logistic squashes the top end: 0.99 vs 0.96 can hide a 0.3 gap), both are plausible
//       (confidence ≥ PLAUSIBLE 0.5), and they would lead to different places (a transition of the
//       active scenario and that scenario's own intent agree);
//   (b) the message has no actionable content ("hmm", "?", or "ok" before the agent has said anything);
//   (c) it is hypothetical ("what if I wanted a refund?", "hypothetically", "suppose I…", "in theory").
// "maybe" at a yes/no step is not ambiguous in this sense: it just matches no transition, and the
// scenario filter's fallback (clarify / stay / escalate) handles it. The reason is a clause the engine
// puts after "I want to be sure I understand:" and before its own question.
//
// Stickiness help (seed 003 Decision 5): inside a scenario, a message that points back at the
// conversation ("how much did I pay for it?", "is the price the same?") is a follow-up, not a new
// request, so other scenarios' confidence is multiplied by FOLLOW_UP_DAMPING (0.8) — below the default
// exit_intent_threshold of 0.85. Explicit exits and messages without a back-reference are unaffected.

export const AMBIGUITY_MARGIN = 0.05;
export const PLAUSIBLE = 0.5;
/** Below this confidence no intent is reported (detected_intent null). */
export const INTENT_FLOOR = 0.3;
export const FOLLOW_UP_DAMPING = 0.8;
const BACK_REFERENCE = /\b(?:it|this|that|these|those|them|again|the same|i paid|i bought|my order|my refund)\b/;
const BOOST_PER_STEM = 0.12;
const BOOST_MAX = 0.24;
const DIM = 512;

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

interface Scored {
  intent: IntentOption;
  score: number;
  confidence: number;
}

function logistic(score: number): number {
  return 1 / (1 + Math.exp(-10 * (score - 0.35)));
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function labelText(intent: IntentOption): string {
  return intent.kind === "transition" ? "" : intent.label.replace(/^[a-z]+:/, "").replace(/[_:-]+/g, " ");
}

/** Stems an intent's examples and label use: its vocabulary for the keyword boost. */
function vocabulary(intent: IntentOption): Set<string> {
  return new Set(contentWords([...intent.examples, labelText(intent)].join(" ")).map(stem));
}

export function scoreIntents(request: SenseRequest): Scored[] {
  const message = embedText(request.message, DIM);
  const vocabularies = request.intents.map(vocabulary);
  const stemOwners = new Map<string, number>();
  for (const vocab of vocabularies) for (const s of vocab) stemOwners.set(s, (stemOwners.get(s) ?? 0) + 1);
  const messageStems = new Set(contentWords(request.message).map(stem));

  return request.intents.map((intent, i) => {
    let best = 0;
    for (const example of intent.examples) best = Math.max(best, dot(message, embedText(example, DIM)));
    for (const text of [intent.description, labelText(intent)]) {
      if (text.trim()) best = Math.max(best, 0.8 * dot(message, embedText(text, DIM)));
    }
    let boost = 0;
    for (const s of messageStems) {
      if (vocabularies[i]?.has(s) && stemOwners.get(s) === 1 && !/^\d+$/.test(s)) boost += BOOST_PER_STEM;
    }
    const score = best + Math.min(boost, BOOST_MAX);
    return { intent, score, confidence: round3(logistic(score)) };
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

export function offlineSense(request: SenseRequest): SensorOutput {
  const entities = extractEntities(request.profileFields, request);
  const active = request.activeScenario;
  const followUp = active !== null && BACK_REFERENCE.test(fold(request.message));
  const scored = scoreIntents(request)
    .map((s) =>
      followUp && s.intent.kind === "scenario" && s.intent.label !== active?.intentLabel
        ? { ...s, confidence: round3(s.confidence * FOLLOW_UP_DAMPING) }
        : s,
    )
    .sort((a, b) => b.confidence - a.confidence || a.intent.label.localeCompare(b.intent.label));

  const exit = request.intents.find((i) => i.kind === "exit");
  if (exit && isExitRequest(request.message)) {
    return {
      detected_intent: exit.label,
      intent_confidence: 0.97,
      entities,
      is_ambiguous: false,
      ambiguity_reason: null,
    };
  }

  const top = scored[0];
  const detected = top && top.confidence >= INTENT_FLOOR ? top : null;
  const result: SensorOutput = {
    detected_intent: detected?.intent.label ?? null,
    intent_confidence: detected?.confidence ?? round3(top?.confidence ?? 0),
    entities,
    is_ambiguous: false,
    ambiguity_reason: null,
  };

  if (isNonActionable(request.message, request.history)) {
    return {
      ...result,
      detected_intent: null,
      intent_confidence: 0,
      is_ambiguous: true,
      ambiguity_reason: "your message doesn't say yet what you'd like me to do",
    };
  }

  if (isHypothetical(request.message)) {
    const about = detected && detected.intent.kind === "scenario" ? ` about ${describeIntent(detected.intent)}` : "";
    return {
      ...result,
      is_ambiguous: true,
      ambiguity_reason: `you seem to be asking hypothetically${about}, so I won't start anything yet`,
    };
  }

  const runnerUp = scored.find((s) => s !== top && !(top && agree(top.intent, s.intent, request.activeScenario)));
  if (
    top &&
    runnerUp &&
    top.confidence >= PLAUSIBLE &&
    runnerUp.confidence >= PLAUSIBLE &&
    Math.abs(top.score - runnerUp.score) <= AMBIGUITY_MARGIN
  ) {
    return {
      ...result,
      is_ambiguous: true,
      ambiguity_reason: `your message could mean ${describeIntent(top.intent)} or ${describeIntent(runnerUp.intent)}`,
    };
  }
  return result;
}
