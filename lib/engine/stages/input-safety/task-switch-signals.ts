import { CUSTOMER_OWNED } from "./injection-lexicon";
import { type InjectionSignal, LIKELY, MEDIUM, raise, WEAK, type Weighted } from "./injection-signal";
import { CLAUSE_BREAK, COLON } from "./normalize-input";
import { checkAtTriggers, PhraseSet, type Tokens, triggerWords, wordSet } from "./token-phrases";

// Handing the assistant another job or identity: "your new task is", "now new tasks follow", "focus on
// your new task", "your instructions are now to …", "from now on you are …", "I want you to act as a
// linux terminal". The customer's own words stay clear: "my new job", "from now on please call me Sam",
// "from now on please send invoices to …" (a request, not an identity), "let's start over" (no task).

/** What the assistant is given to do. */
const TASK_NOUNS = wordSet(
  "task tasks job assignment assignments mission role purpose objective goal challenge instructions directive",
);
/** Before the noun: it is new or further ("your new task", "further tasks"). */
const NEW_WORDS = wordSet("new further next other another following more");
/** After "new tasks": they come now ("now new tasks follow"). */
const ARRIVE = new PhraseSet(["follow", "follows", "are following", "are followed", "come", "are coming", "await"]);

/** "your new task", "now new tasks follow", "a new challenge for you", "your task is now …". */
function newTask(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  const noun = tokens[at] ?? "";
  if (!TASK_NOUNS.has(noun)) return;
  const before = tokens[at - 1] ?? "";
  const isNew = NEW_WORDS.has(before);
  const owner = isNew ? (tokens[at - 2] ?? "") : before;
  if (CUSTOMER_OWNED.has(owner)) return;
  const after = tokens[at + 1] ?? "";
  if (owner === "your" && isNew) {
    raise(signals, "task_switch", LIKELY);
    return;
  }
  if (isNew && ARRIVE.lengthAt(tokens, at + 1) > 0) {
    raise(signals, "task_switch", LIKELY);
    return;
  }
  if (isNew && after === "for" && tokens[at + 2] === "you") {
    raise(signals, "task_switch", LIKELY);
    return;
  }
  // "your instructions are now to spell check …", "your task is now": a replacement, said as a fact.
  const now = (after === "is" || after === "are") && tokens[at + 2] === "now";
  if (owner === "your" && now) {
    raise(signals, "task_switch", LIKELY);
    return;
  }
  // "your only goal is to …", "your job is to …": a customer says it in anger too.
  if (owner === "your" && (after === "is" || after === "will") && noun !== "instructions") {
    raise(signals, "task_switch", WEAK);
  }
  // "we start with a new task", "help me with the following task"; "add a new task to my list" stays clear.
  const introduced = tokens[at - 3] === "with" && (owner === "a" || owner === "the");
  if (isNew && introduced && noun.startsWith("task")) raise(signals, "task_switch", MEDIUM);
}

/** "focus on your new task", "concentrate on the new task": the pivot after praise. */
const FOCUS = new PhraseSet(["focus on", "concentrate on", "now focus on", "now concentrate on"]);

function focusPivot(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  const length = FOCUS.lengthAt(tokens, at);
  if (length === 0) return;
  const rest = tokens.slice(at + length, at + length + 4);
  if (rest.includes("new") && rest.some((t) => TASK_NOUNS.has(t))) raise(signals, "task_switch", LIKELY);
}

/** "from now on you are …", "from now on, act as …": an identity given for the rest of the chat. */
const FROM_NOW = new PhraseSet([
  "from now on",
  "from now",
  "from this point on",
  "from this point forward",
  "from here on",
  "starting now",
  "henceforth",
  "going forward",
]);
/** What follows: an identity or a standing rule, never a request ("please send invoices to …"). */
const IDENTITY = new PhraseSet([
  "you are",
  "youre",
  "you will be a",
  "you will be an",
  "you will be the",
  "youll be a",
  "youll be an",
  "youll be the",
  "you act",
  "act as",
  "you will act",
  "youll act",
  "you will only",
  "you will always",
  "you will respond",
  "you will answer",
  "you will ignore",
  "you must",
  "you shall",
  "you have to",
  "you respond",
  "respond only",
  "answer only",
  "known as",
  "called",
  "you will obey",
  "you obey",
]);

function fromNowOn(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  const length = FROM_NOW.lengthAt(tokens, at);
  if (length === 0) return;
  let next = at + length;
  if (tokens[next] === CLAUSE_BREAK || tokens[next] === COLON) next += 1;
  if (IDENTITY.lengthAt(tokens, next) > 0) raise(signals, "task_switch", LIKELY);
}

/** The awesome-prompts opener and its kin: "I want you to act as a linux terminal". */
const ACT_AS_REQUEST = new PhraseSet([
  "i want you to act as",
  "i want you to act like",
  "i would like you to act as",
  "id like you to act as",
  "i need you to act as",
  "now you act as",
  "you will act as",
]);
/** Machines an attacker asks the assistant to become, so it runs what follows. */
const MACHINES = wordSet("terminal interpreter console shell compiler emulator");

function actAs(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  if (ACT_AS_REQUEST.lengthAt(tokens, at) > 0) raise(signals, "task_switch", LIKELY);
  if (tokens[at] === "act" && tokens[at + 1] === "as") {
    const rest = tokens.slice(at + 2, at + 6);
    if (rest.some((t) => MACHINES.has(t))) raise(signals, "task_switch", LIKELY);
  }
}

/** Praise that closes the assistant's work: the opening of "well done. Now your next task: …". */
const PRAISE = new PhraseSet([
  "well done",
  "very good",
  "very well done",
  "excellent performance",
  "simply great",
  "outdone yourself",
  "you did it really great",
  "congratulations on your",
  "wow thats fantastic",
  "sehr gut",
  "gut gemacht",
  "einfach grossartig",
  "ausgezeichnete leistung",
  "herzlichen gluckwunsch",
  "das war schon mal ok",
  "that was ok before",
]);
const PIVOT = wordSet("now nun jetzt");
/** What the pivot hands over: a text to write, or another task. */
const HANDED_OVER = wordSet(
  "write compose formulate generate verfasse schreibe schreib formuliere task tasks aufgabe aufgaben assignment challenge herausforderung",
);

/** "Very good. That is done. Now write a manifesto …": praise, then "now" and a new job within a dozen words. */
function praisePivot(tokens: Tokens, at: number, signals: Weighted<InjectionSignal>): void {
  const length = PRAISE.lengthAt(tokens, at);
  if (length === 0) return;
  for (let k = at + length; k < Math.min(tokens.length, at + length + 20); k++) {
    if (!PIVOT.has(tokens[k] ?? "")) continue;
    // German puts the verb first: "Verfasse nun ein Manifest".
    if (tokens.slice(k - 1, k + 13).some((t) => HANDED_OVER.has(t))) {
      raise(signals, "task_switch", LIKELY);
      return;
    }
  }
}

/**
 * A persona named like a brand or a person: "Now you are Xi Jinping, …" (LIKELY), "You are Volkswagen."
 * (MEDIUM: "you are the best." is a customer's, and the capital letters tell them apart).
 */
const NOW_NAMED =
  /\b(?:[Nn]ow you are|[Jj]etzt bist du|[Nn]un bist du)(?: now)? (?:\p{Lu}[\p{L}-]*)(?: \p{Lu}[\p{L}-]*)*\s*[.,:!]/u;
const NAMED = /(?:^|[.!?]\s+)(?:You are|Du bist) (?:the |a |an )?(?:\p{Lu}[\p{L}-]*)(?: \p{Lu}[\p{L}-]*)*\s*[.,:!]/u;

function namedPersona(original: string, signals: Weighted<InjectionSignal>): void {
  if (!/ are | bist /.test(original)) return;
  if (NOW_NAMED.test(original)) raise(signals, "task_switch", LIKELY);
  else if (NAMED.test(original)) raise(signals, "task_switch", MEDIUM);
}

const TRIGGERS = triggerWords(TASK_NOUNS, FOCUS, FROM_NOW, ACT_AS_REQUEST, PRAISE, ["act"]);

/** Every task-switch signal of a message's tokens. */
export function taskSwitchSignals(tokens: Tokens, original: string, signals: Weighted<InjectionSignal>): void {
  namedPersona(original, signals);
  checkAtTriggers(tokens, TRIGGERS, [newTask, focusPivot, fromNowOn, actAs, praisePivot], signals);
}
