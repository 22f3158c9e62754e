import type { SenseRequest } from "../../contracts/model";
import { fold, STOPWORDS, words } from "../../text/words";

// What a message is before what it asks for: an exit, nothing actionable, a greeting, a hypothetical, or
// a marker that it changes the subject.

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
export const GREETING =
  /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|thanks?|thank you|cheers|bye|goodbye)$/;

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

export function hasSwitchMarker(message: string): boolean {
  return SWITCH_MARKER.test(fold(message));
}

/** Words that negate what follows; `words()` has already dropped the apostrophe of "don't", "isn't". */
const NEGATIONS: ReadonlySet<string> = new Set(
  (
    "not no never nothing none nobody nowhere neither nor cannot cant dont doesnt didnt isnt arent wasnt " +
    "werent wont wouldnt shouldnt couldnt havent hasnt hadnt aint neednt mustnt"
  ).split(" "),
);

/** The message says "not" somewhere: "that's not true", "my card hasn't arrived", "no, wrong order". */
export function isNegated(message: string): boolean {
  return words(message).some((w) => NEGATIONS.has(w));
}
