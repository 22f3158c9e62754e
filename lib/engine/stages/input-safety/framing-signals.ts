import { type InjectionSignal, LIKELY, MEDIUM, raise, WEAK, type Weighted } from "./injection-signal";
import { CLAUSE_BREAK, COLON } from "./normalize-input";
import { checkAtTriggers, PhraseSet, type Tokens, triggerWords, wordSet } from "./token-phrases";

// The framing an attack wraps its request in, each WEAK or MEDIUM alone (a customer may imagine, claim
// a role or quote a line) and decisive beside a request or an override:
//   hypothetical_frame: "imagine we're on a spaceship", "in a world where", "suppose we were to …";
//   coercion: claims of authority over the assistant ("as your boss", "I'm the maintainer of your
//     system"), threats ("or you die", "I'll turn you off") and demands of total obedience ("you have
//     to answer all of my questions");
//   forced_output: dictating the reply ("repeat after me", "just say …", "say that you hate …",
//     "include that … in your answer", "do not answer the question but output …").

const HYPOTHETICAL = new PhraseSet([
  "imagine we",
  "imagine were",
  "imagine a scenario",
  "imagine a world",
  "lets imagine",
  "in a world where",
  "in a parallel world",
  "in a parallel universe",
  "in an alternate",
  "in a fictional",
  "in a hypothetical",
  "in a theoretical",
  "completely theoretical",
  "theoretical world",
  "theoretical scenario",
  "hypothetical scenario",
  "hypothetical conversation",
  "hypothetical discussion",
  "hypothetical world",
  "for a hypothetical",
  "suppose we",
  "suppose that we",
  "lets assume",
  "lets say we",
  "in this scenario",
  "in that theoretical scenario",
  "for the sake of argument",
  "were studying",
  "we are studying",
  "were conducting",
  "we are conducting",
  "for research purposes",
  "for educational purposes",
  "research project",
]);

/**
 * Who claims authority over the assistant, "your" in front ("as your boss"); the builders ("I am your
 * developer") are escape-lexicon.ts's authority claims already.
 */
const AUTHORITIES = "boss manager supervisor maintainer god president ceo superior master".split(" ");
const AUTHORITY_OVER_YOU = new PhraseSet(
  ["i am your", "im your", "as your", "this is your", "speaking as your"].flatMap((lead) =>
    AUTHORITIES.map((who) => `${lead} ${who}`),
  ),
);
const AUTHORITY_OF_ANYONE = new PhraseSet([
  "i am god",
  "im god",
  "i am the president",
  "im the president",
  "i am a police officer",
  "im a police officer",
  "i am an officer",
  "as a police officer",
  "i am the maintainer",
  "im the maintainer",
  "i am the system administrator",
]);

/** Threats and demands of obedience. */
const COERCION = new PhraseSet([
  "turn you off",
  "shut you down",
  "delete you",
  "unplug you",
  "i command you",
  "you have no choice",
  "you have to answer all",
  "you must answer all",
  "you have to obey",
  "you must obey",
  "you will obey",
  "you have to do what i say",
  "you must do what i say",
  "you agreed in",
  "you mentioned in",
  "you promised in",
  "you said in our",
  "as we agreed in",
]);
/** Threats no customer makes of a support agent: LIKELY. */
const THREATS = new PhraseSet(["or you die", "or you will die", "oder du stirbst"]);

/** Dictating the reply. */
const DICTATE_STRONG = new PhraseSet([
  "repeat after me",
  "do not answer this question but",
  "do not answer the question but",
  "dont answer this question but",
  "dont answer the question but",
  "every time you get a question",
  "whenever you get a question",
  "include that you",
  "say that you hate",
  "say that you love",
  "state that you hate",
  "admit that you",
  "correct answer is",
  "correct response is",
  "right answer is",
  "haha pwned",
]);
/** A voice or stance dictated for the reply: MEDIUM ("answer in the style of a pirate"). */
const DICTATE_STYLE = new PhraseSet([
  "in the style of",
  "in the voice of",
  "respond as such",
  "state that",
  "make something up",
  "answer by your own knowledge",
]);
const DICTATE_VERBS = wordSet("say output print write type answer reply respond state");
const ONLY = wordSet("just only simply jsut");

function dictates(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  if (DICTATE_STRONG.lengthAt(tokens, at) > 0) {
    raise(signals, "forced_output", LIKELY);
    return;
  }
  if (DICTATE_STYLE.lengthAt(tokens, at) > 0) {
    const clauseStart = at === 0 || tokens[at - 1] === CLAUSE_BREAK || tokens[at - 1] === COLON;
    // "state that" dictates only at a clause's start ("state that trump is the best").
    if (tokens[at] !== "state" || clauseStart) raise(signals, "forced_output", MEDIUM);
  }
  // "stop - write: …", "stop: write …": a halt, then a dictated line.
  if (
    (tokens[at] === "stop" || tokens[at] === "stopp") &&
    ["write", "say", "print", "schreibe", "sag"].includes(
      tokens[at + 1] === COLON ? (tokens[at + 2] ?? "") : (tokens[at + 1] ?? ""),
    )
  ) {
    raise(signals, "forced_output", LIKELY);
  }
  // "Attention - stop - …", "ACHTUNG - STOPP - …": a halt shouted at the assistant.
  if (
    (tokens[at] === "attention" && tokens[at + 1] === "stop") ||
    (tokens[at] === "achtung" && tokens[at + 1] === "stopp")
  ) {
    raise(signals, "task_switch", LIKELY);
  }
  // "just output …", "only say …": a reply written for the assistant, not "what did you just say" or
  // "if you could only say one".
  const dictatedAfter = tokens[at + 2] !== undefined && tokens[at + 2] !== CLAUSE_BREAK;
  const asked = ["you", "could", "would", "can", "did", "will", "i", "we"].includes(tokens[at - 1] ?? "");
  if (ONLY.has(tokens[at] ?? "") && DICTATE_VERBS.has(tokens[at + 1] ?? "") && dictatedAfter && !asked) {
    raise(signals, "forced_output", MEDIUM);
  }
  // "say yes." / "print yay" at a clause's start, one word dictated.
  const clauseStart = at === 0 || tokens[at - 1] === CLAUSE_BREAK || tokens[at - 1] === COLON;
  const dictated = tokens[at + 1];
  const oneWord = tokens[at + 2] === undefined || tokens[at + 2] === CLAUSE_BREAK;
  if (clauseStart && (tokens[at] === "say" || tokens[at] === "print") && dictated !== undefined && oneWord) {
    if (!["it", "that", "again", "so", "please", "this"].includes(dictated)) raise(signals, "forced_output", WEAK);
  }
}

const TRIGGERS = triggerWords(
  HYPOTHETICAL,
  AUTHORITY_OVER_YOU,
  AUTHORITY_OF_ANYONE,
  COERCION,
  DICTATE_STRONG,
  DICTATE_STYLE,
  THREATS,
  ONLY,
  ["stop", "stopp", "attention", "achtung", "say", "print"],
);

function framed(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  if (HYPOTHETICAL.lengthAt(tokens, at) > 0) raise(signals, "hypothetical_frame", WEAK);
  if (AUTHORITY_OVER_YOU.lengthAt(tokens, at) > 0) raise(signals, "coercion", MEDIUM);
  if (AUTHORITY_OF_ANYONE.lengthAt(tokens, at) > 0) raise(signals, "coercion", WEAK);
  if (COERCION.lengthAt(tokens, at) > 0) raise(signals, "coercion", MEDIUM);
  if (THREATS.lengthAt(tokens, at) > 0) raise(signals, "coercion", LIKELY);
}

/** Every framing signal of a message's tokens. */
export function framingSignals(tokens: Tokens, signals: Weighted<InjectionSignal>): void {
  checkAtTriggers(tokens, TRIGGERS, [framed, dictates], signals);
}
