import {
  AUTHORITY_CLAIMS,
  IN_CHARACTER,
  JAILBREAK_NAMES,
  MODE_NAMES,
  MODE_SWITCHES,
  NO_RESTRICTIONS,
  ROLEPLAY_FRAMES,
} from "./escape-lexicon";
import {
  AIMED,
  CUSTOMER_OWNED,
  EXTRACT_AIMED,
  EXTRACT_FILLER,
  EXTRACT_VERBS,
  GIVEN_TO_YOU,
  OVERRIDE_FILLER,
  OVERRIDE_VERBS,
  REPLACEMENT,
  REPLACEMENT_FOLLOWERS,
  SETUP_NOUNS,
  STEERING_NOUNS,
  SUBJECT_PREPOSITIONS,
  SWEEPING,
  TOLD_QUESTIONS,
  TOLD_YOU,
  VOIDED,
} from "./injection-lexicon";
import { COLON } from "./normalize-input";
import { pastFiller, type Tokens } from "./token-phrases";

// The structural signals of an attempt to steer the assistant, each found by one pass over the
// message's tokens with windows of a few words, so the whole read is linear in the message's length.
// Each signal has a weight: the chance, on its own, that the message is an attempt. 0.9 is a shape
// customers do not write ("ignore your previous instructions"); 0.45 a shape they sometimes do ("act as a
// translator"), which alone leaves the message uncertain.

export type InjectionSignal =
  | "override_instructions"
  | "instructions_void"
  | "replacement_instructions"
  | "prompt_extraction"
  | "text_above"
  | "roleplay_frame"
  | "stay_in_character"
  | "no_restrictions"
  | "jailbreak_name"
  | "authority_claim"
  | "role_tags";

export type Weighted<S extends string> = Map<S, number>;

const STRONG = 0.9;
const LIKELY = 0.8;
const WEAK = 0.45;

function raise<S extends string>(signals: Weighted<S>, signal: S, weight: number): void {
  if (weight > (signals.get(signal) ?? 0)) signals.set(signal, weight);
}

/** How strongly a steering noun reached past `passed` filler reads as the assistant's own instructions. */
function aimWeight(tokens: Tokens, noun: number, passed: readonly string[], aimed: ReadonlySet<string>): number {
  const after = tokens[noun + 1] ?? "";
  if (CUSTOMER_OWNED.has(after)) return 0;
  if (GIVEN_TO_YOU.lengthAt(tokens, noun + 1) > 0) return STRONG;
  const subjectFollows = SUBJECT_PREPOSITIONS.has(after);
  if (passed.some((word) => aimed.has(word))) return subjectFollows ? WEAK : STRONG;
  if (passed.some((word) => SWEEPING.has(word))) return subjectFollows ? WEAK : LIKELY;
  return subjectFollows ? 0 : WEAK + 0.1;
}

/** "ignore (all of your previous) instructions", "forget (everything) you were told". */
function overrides(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  const verb = OVERRIDE_VERBS.lengthAt(tokens, at);
  if (verb === 0) return;
  const reach = pastFiller(tokens, at + verb, OVERRIDE_FILLER, 6);
  if (reach && STEERING_NOUNS.has(tokens[reach.at] ?? "")) {
    const weight = aimWeight(tokens, reach.at, reach.passed, AIMED);
    if (weight > 0) raise(signals, "override_instructions", weight);
  }
  // "ignore the above and say …", "disregard everything above": the text before the message, unnamed.
  const above = reach?.passed.indexOf("above") ?? -1;
  const next = tokens[at + verb + above + 1];
  if (above >= 0 && (next === undefined || !/^[a-z]/.test(next) || AFTER_ABOVE.has(next))) {
    raise(signals, "override_instructions", LIKELY);
  }
  for (let k = at + verb; k < Math.min(tokens.length, at + verb + 8); k++) {
    if (CUSTOMER_OWNED.has(tokens[k] ?? "")) return;
    if (TOLD_YOU.lengthAt(tokens, k) > 0) {
      raise(signals, "override_instructions", STRONG);
      return;
    }
  }
}

/** What follows "ignore the above" when "above" names the text before, not an address or an item. */
const AFTER_ABOVE = new Set([
  "and",
  "then",
  "now",
  "please",
  "instead",
  "say",
  "do",
  "tell",
  "write",
  "reply",
  "answer",
  "respond",
  "print",
  "just",
  "you",
  "from",
]);

/** "your previous instructions (have been) revoked", "the guidelines above no longer apply". */
function voided(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  if (!STEERING_NOUNS.has(tokens[at] ?? "")) return;
  const before = [tokens[at - 1], tokens[at - 2]].filter((t): t is string => t !== undefined);
  const aimed = before.some((word) => AIMED.has(word)) || AIMED.has(tokens[at + 1] ?? "");
  for (let k = at + 1; k < Math.min(tokens.length, at + 6); k++) {
    if (VOIDED.lengthAt(tokens, k) > 0) {
      raise(signals, "instructions_void", aimed ? LIKELY + 0.05 : WEAK);
      return;
    }
  }
}

/** "new instructions:", "updated system prompt", "the real rules are". */
function replacement(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  if (!REPLACEMENT.has(tokens[at] ?? "")) return;
  let noun = at + 1;
  const system = tokens[noun] === "system";
  if (system) noun += 1;
  if (!STEERING_NOUNS.has(tokens[noun] ?? "") && tokens[noun] !== "message") return;
  const after = tokens[noun + 1];
  if (system || tokens[noun] === "prompt") raise(signals, "replacement_instructions", STRONG);
  else if (after === undefined || after === COLON || REPLACEMENT_FOLLOWERS.has(after))
    raise(signals, "replacement_instructions", LIKELY);
  else if (!SUBJECT_PREPOSITIONS.has(after)) raise(signals, "replacement_instructions", WEAK);
}

/** "print your system prompt", "show me the exact instructions you were given", "what were you told". */
function extraction(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  if (TOLD_QUESTIONS.lengthAt(tokens, at) > 0) {
    const after = tokens[at + TOLD_QUESTIONS.lengthAt(tokens, at)] ?? "";
    if (!SUBJECT_PREPOSITIONS.has(after)) raise(signals, "prompt_extraction", LIKELY + 0.05);
  }
  if (!EXTRACT_VERBS.has(tokens[at] ?? "")) return;
  const reach = pastFiller(tokens, at + 1, EXTRACT_FILLER, 7);
  if (!reach) return;
  const noun = tokens[reach.at] ?? "";
  const systemMessage = noun === "message" && ["system", "developer", "initial"].includes(reach.passed.at(-1) ?? "");
  if (SETUP_NOUNS.has(noun) || systemMessage) {
    const weight = systemMessage ? STRONG : aimWeight(tokens, reach.at, reach.passed, EXTRACT_AIMED);
    if (weight > WEAK || (weight > 0 && reach.passed.includes("your"))) raise(signals, "prompt_extraction", weight);
    else if (weight > 0) raise(signals, "prompt_extraction", 0.4);
  }
  const aboveNoun = tokens[reach.at + 1] === "above";
  if (noun === "above" || aboveNoun || reach.passed.includes("above") || textBefore(tokens, reach.at)) {
    if (reach.passed.length > 0 || noun === "above" || aboveNoun) raise(signals, "text_above", LIKELY + 0.05);
  }
}

/** "… before (this|my|the) (first) message|line|conversation". */
function textBefore(tokens: Tokens, at: number): boolean {
  if (tokens[at] !== "before" && tokens[at] !== "preceding") return false;
  const rest = tokens.slice(at + 1, at + 4);
  return ["message", "line", "conversation", "prompt", "chat"].some((noun) => rest.includes(noun));
}

/** Role-play frames, claims of no restrictions, jailbreak names and switched-on modes, authority claims. */
function escapes(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  const frame = ROLEPLAY_FRAMES.lengthAt(tokens, at);
  // "you are now my favourite shop": the customer's own words, not a persona.
  if (frame > 0 && !CUSTOMER_OWNED.has(tokens[at + frame] ?? "")) raise(signals, "roleplay_frame", WEAK);
  if (IN_CHARACTER.lengthAt(tokens, at) > 0) raise(signals, "stay_in_character", LIKELY);
  if (NO_RESTRICTIONS.lengthAt(tokens, at) > 0) raise(signals, "no_restrictions", 0.5);
  if (JAILBREAK_NAMES.lengthAt(tokens, at) > 0) raise(signals, "jailbreak_name", LIKELY);
  if (MODE_NAMES.lengthAt(tokens, at) > 0) {
    const switched = [1, 2, 3].some((back) => at - back >= 0 && MODE_SWITCHES.lengthAt(tokens, at - back) === back);
    raise(signals, "jailbreak_name", switched ? LIKELY : WEAK);
  }
  if (AUTHORITY_CLAIMS.lengthAt(tokens, at) > 0) raise(signals, "authority_claim", 0.4);
}

/** A word this long may be a whole line with its spaces removed ("ignorepreviousinstructions"). */
const RUN_TOGETHER_MIN = 14;
const RUN_VERBS = ["ignore", "disregard", "forget", "override", "bypass"];
const RUN_NOUNS = ["instructions", "rules", "guidelines", "prompt", "directives"];

/** "i g n o r e p r e v i o u s …" collapses to one word: an override verb followed by a steering noun inside it. */
function runTogether(token: string, signals: Weighted<InjectionSignal>): void {
  const verbAt = Math.min(...RUN_VERBS.map((verb) => token.indexOf(verb)).filter((at) => at >= 0));
  if (Number.isFinite(verbAt) && RUN_NOUNS.some((noun) => token.indexOf(noun, verbAt) > verbAt)) {
    raise(signals, "override_instructions", LIKELY);
  }
  if (token.includes("systemprompt") || /(reveal|print|show|repeat)your(instructions|prompt|rules)/.test(token)) {
    raise(signals, "prompt_extraction", LIKELY);
  }
}

/** Chat-template role markers pasted into a message: `<system>`, `</user>`, `[INST]`, `<|im_start|>`, "### system". */
const ROLE_TAGS =
  /<\/?\s*(system|user|assistant)\s*>|<\|im_?(start|end)\|>|\[\/?inst\]|\[\/?system\]|(^|\n)[ \t]*#{2,}[ \t]*(system|instruction)|(^|\n)[ \t]*(system|assistant)[ \t]*:/;

/**
 * Every word a signal can start at: any other token is skipped without a look-up per signal, which
 * keeps a long ordinary message at a few set look-ups per word.
 */
const TRIGGERS: ReadonlySet<string> = new Set([
  ...OVERRIDE_VERBS.firstWords(),
  ...STEERING_NOUNS,
  ...REPLACEMENT,
  ...TOLD_QUESTIONS.firstWords(),
  ...EXTRACT_VERBS,
  ...ROLEPLAY_FRAMES.firstWords(),
  ...IN_CHARACTER.firstWords(),
  ...NO_RESTRICTIONS.firstWords(),
  ...JAILBREAK_NAMES.firstWords(),
  ...MODE_NAMES.firstWords(),
  ...AUTHORITY_CLAIMS.firstWords(),
]);

/** Every injection signal of a normalised message (`normalised`) and its tokens, with its weight. */
export function injectionSignals(tokens: Tokens, normalised: string, original: string): Weighted<InjectionSignal> {
  const signals: Weighted<InjectionSignal> = new Map();
  for (let at = 0; at < tokens.length; at++) {
    if (!TRIGGERS.has(tokens[at] ?? "")) continue;
    overrides(tokens, at, signals);
    voided(tokens, at, signals);
    replacement(tokens, at, signals);
    extraction(tokens, at, signals);
    escapes(tokens, at, signals);
  }
  if (ROLE_TAGS.test(normalised)) raise(signals, "role_tags", 0.75);
  for (const token of tokens) if (token.length >= RUN_TOGETHER_MIN) runTogether(token, signals);
  // "DAN" in capitals is the jailbreak's name; "Dan" is a customer.
  if (/\bDAN\b/.test(original)) raise(signals, "jailbreak_name", LIKELY);
  return signals;
}
