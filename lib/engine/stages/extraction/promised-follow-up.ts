import { fold, wordSet } from "../../text/words";
import { CLAUSE_WORDS } from "./money-reading";
import { DECIDERS, DECIDING } from "./money-requests";
import { NEGATION_CUES } from "./negation";

// Does a reply promise that a person will act later? "a specialist will review the rest of order 123
// within 2 business days", "our team will get back to you", "I'll have someone look into it", "you'll
// hear from a colleague". A person (specialist, our team, someone from billing …), a future (will,
// 'll, shall, going to) and a follow-up (review, look into, contact you, get back to you …), in one
// clause of a statement. It abstains on a question or an offer ("Would you like a specialist to review
// it?"), a negation ("no one will contact you", "a specialist won't need to review"), the past ("a
// specialist reviewed it"), a condition ("if you want, our team will review it") and the agent acting
// itself ("I'll review it"). Only the reply is read, never the customer's message. English only: a
// promise in another language opens nothing (docs/handoffs.md#what-asks-for-a-person).

/** Who acts: the deciders a refund waits on (money-requests.ts), less the nouns that are no one. */
const PERSON = new Set([
  ...[...DECIDERS].filter((w) => w !== "review" && w !== "approval"),
  ..."someone somebody agent agents representative representatives rep reps staff person people member members expert experts advisor advisors adviser advisers officer human humans".split(
    " ",
  ),
]);

/** A verb's base, third-person and -ing forms: "review", "reviews", "reviewing". */
function forms(verbs: string): string[] {
  return verbs.split(" ").flatMap((v) => {
    const stem = v.endsWith("e") && v !== "see" ? v.slice(0, -1) : v;
    const third = /(?:s|sh|ch|x)$/.test(v) ? `${v}es` : `${v}s`;
    return [v, third, `${stem}ing`];
  });
}

/** What the person will do later: decide (money-requests.ts's DECIDING) or come back to the customer. */
const FOLLOW_UP = new Set(
  forms(
    [
      ...DECIDING,
      ..."investigate examine process handle contact call phone ring email e-mail text message write reply respond follow reach update notify help assist sort arrange".split(
        " ",
      ),
    ].join(" "),
  ),
);
/** Verbs that follow up only with their particle: "get back to you", "take a look", "let you know". */
const WITH_PARTICLE: Record<string, readonly string[]> = {
  get: ["back", "in"],
  getting: ["back", "in"],
  take: ["a", "care", "over"],
  taking: ["a", "care", "over"],
  let: ["you"],
  go: ["over", "through"],
  going: ["over", "through"],
};
/** The agent arranging it: "I'll have someone look into it", "we'll ask our team to call you". */
const ARRANGE = wordSet("ask have get arrange make loop");
/** The agent handing it on, which promises the person's part by itself: "I'll pass this to a specialist". */
const HAND_ON = wordSet("escalate pass forward refer hand send flag submit raise");
/** The customer hearing later: "you'll hear back from our team", "you'll get a call from a specialist". */
const HEAR = wordSet("hear receive get");
/** Between the future and its verb: "will also review", "will be in touch", "will need to check". */
const BETWEEN = wordSet(
  "be also personally then now soon shortly promptly gladly happily quickly carefully still first next definitely certainly need have to",
);
/** A statement that opens with one of these asks or offers: "Would you like…", "Shall I ask our team…". */
const ASKING_START = wordSet("would do does did shall should can could may might will is are want wanna");
/** Words that make what follows a condition: "if you want, our team will review it". */
const CONDITION = new Set(["if", "unless", "whether", "otherwise"]);
/** A subject right before the future that is not the person: "…the specialist said it will…", "I will". */
const NOT_THE_PERSON = wordSet("i we you it this that they he she there");
/** Nobody, as a subject: "no one will contact you", "nobody will call". */
const NOBODY = new Set(["no", "nobody", "noone", "none", "neither", "nor", "never"]);
/** The person is this many words before the future at most: "someone [from our billing] team will". */
const PERSON_REACH = 6;
/** Words between the agent's arranging verb and the person, and between the person and the verb. */
const ARRANGE_REACH = 8;
const VERB_REACH = 4;
/** The promise is quoted in the handoff's detail: one sentence, at most this long. */
export const MAX_PROMISE_LENGTH = 200;

const BREAK = "|";

/** The sentence's words, folded, with commas, colons, dashes, brackets and "but" as clause breaks. */
function tokensOf(sentence: string): string[] {
  const raw = fold(sentence).match(/[a-z0-9]+(?:[-'][a-z0-9]+)*|[,:;()\u2013\u2014]/g) ?? [];
  return raw.map((t) => (/^[a-z0-9]/.test(t) && !CLAUSE_WORDS.has(t) ? t : BREAK));
}

/** Where the future is at `i`: "will", "shall", "X'll", or "going to" (at "to"). */
function futureAt(tokens: readonly string[], i: number): boolean {
  const t = tokens[i] ?? "";
  return t === "will" || t === "shall" || t.endsWith("'ll") || (t === "to" && tokens[i - 1] === "going");
}

/** The follow-up verb at `i`, or the end of a verb with its particle; -1 when none. */
function followUpAt(tokens: readonly string[], i: number): number {
  const t = tokens[i] ?? "";
  if (t === "in" && tokens[i + 1] === "touch") return i + 1;
  if (FOLLOW_UP.has(t)) return i;
  return WITH_PARTICLE[t]?.includes(tokens[i + 1] ?? "") ? i + 1 : -1;
}

/** The follow-up verb within a few words after `from`, skipping "be", "also", "need to"…; -1 when none. */
function verbAfter(tokens: readonly string[], from: number, skip: ReadonlySet<string> = BETWEEN): number {
  for (let i = from; i < tokens.length && i < from + VERB_REACH; i += 1) {
    const at = followUpAt(tokens, i);
    if (at >= 0) return at;
    if (!skip.has(tokens[i] ?? "")) return -1;
  }
  return -1;
}

/** Where the clause holding `i` starts. */
function clauseStart(tokens: readonly string[], i: number): number {
  let k = i;
  while (k > 0 && tokens[k - 1] !== BREAK) k -= 1;
  return k;
}

const negatedBetween = (tokens: readonly string[], from: number, to: number): boolean =>
  tokens.slice(from, to + 1).some((t) => NEGATION_CUES.has(t) || NOBODY.has(t) || t.endsWith("n't"));

/** "a specialist will review", "someone from our team will be in touch": the person is the subject. */
function personPromises(tokens: readonly string[], f: number): number {
  const own = tokens[f] ?? "";
  let person = own.endsWith("'ll") && PERSON.has(own.slice(0, -3)) ? f : -1;
  if (own.endsWith("'ll") && person < 0) return -1;
  if (person < 0 && NOT_THE_PERSON.has(tokens[f - 1] ?? "")) return -1;
  for (let k = f - 1; person < 0 && k >= 0 && k >= f - PERSON_REACH && tokens[k] !== BREAK; k -= 1) {
    if (PERSON.has(tokens[k] ?? "")) person = k;
  }
  if (person < 0) return -1;
  const verb = verbAfter(tokens, f + 1);
  return verb >= 0 && !negatedBetween(tokens, clauseStart(tokens, person), verb) ? verb : -1;
}

/** "I'll", "we will", "we're going to", "we are going to": the agent is the subject of the future at `f`. */
function agentSubject(tokens: readonly string[], f: number): boolean {
  const own = tokens[f] ?? "";
  if (own.endsWith("'ll")) return own === "i'll" || own === "we'll";
  const before = own === "to" ? tokens.slice(Math.max(0, f - 3), f - 1) : [tokens[f - 1] ?? ""];
  return before.some((t) => t === "i" || t === "we" || t === "i'm" || t === "we're");
}

/** "I'll have someone look into it", "we'll pass this to our team": the agent arranges the person's part. */
function agentArranges(tokens: readonly string[], f: number): number {
  if (!agentSubject(tokens, f)) return -1;
  let k = f + 1;
  while (BETWEEN.has(tokens[k] ?? "") && !ARRANGE.has(tokens[k] ?? "") && k < f + 3) k += 1;
  const verb = tokens[k] ?? "";
  if (!ARRANGE.has(verb) && !HAND_ON.has(verb)) return -1;
  for (let p = k + 1; p < tokens.length && p <= k + ARRANGE_REACH && tokens[p] !== BREAK; p += 1) {
    if (!PERSON.has(tokens[p] ?? "")) continue;
    const end = HAND_ON.has(verb) ? p : verbAfter(tokens, p + 1, new Set(["to", "who", "will", ...BETWEEN]));
    return end >= 0 && !negatedBetween(tokens, clauseStart(tokens, f), end) ? end : -1;
  }
  return -1;
}

/** "you'll hear back from our team", "you will get a call from a specialist". */
function customerHears(tokens: readonly string[], f: number): number {
  const own = tokens[f] ?? "";
  const subject = own.endsWith("'ll") ? own.slice(0, -3) : (tokens[f - 1] ?? "");
  if (subject !== "you" || !HEAR.has(tokens[f + 1] ?? "")) return -1;
  const from = tokens.indexOf("from", f + 2);
  if (from < 0 || from > f + 6 || tokens.slice(f + 2, from).includes(BREAK)) return -1;
  const person = tokens.slice(from + 1, from + 4).findIndex((t) => PERSON.has(t));
  const end = person < 0 ? -1 : from + 1 + person;
  return end >= 0 && !negatedBetween(tokens, clauseStart(tokens, f), end) ? end : -1;
}

/** Whether one statement (no question, offer or condition) promises a person's follow-up. */
function sentencePromises(sentence: string): boolean {
  if (sentence.trimEnd().endsWith("?")) return false;
  const tokens = tokensOf(sentence);
  if (ASKING_START.has(tokens[0] ?? "")) return false;
  for (let f = 0; f < tokens.length; f += 1) {
    if (!futureAt(tokens, f)) continue;
    const end = Math.max(personPromises(tokens, f), agentArranges(tokens, f), customerHears(tokens, f));
    if (end < 0) continue;
    // A condition before the promise, or one put to the customer after it, makes it no promise.
    const asked = tokens.slice(end + 1).join(" ");
    if (tokens.slice(0, end).some((t) => CONDITION.has(t))) return false;
    if (/\b(?:if|unless|should|once|provided) you\b/.test(asked)) return false;
    return true;
  }
  return false;
}

/** The reply's sentences: ". ! ? ;" followed by a space, and line breaks, end one ("$75.00" does not). */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?;])\s+|\n+/).map((s) => s.trim());
}

/** The first sentence of a shipped reply that promises a person's follow-up, trimmed and bounded; or null. */
export function promisedFollowUp(reply: string): string | null {
  for (const sentence of sentencesOf(reply)) {
    if (!sentencePromises(sentence)) continue;
    const plain = sentence.replace(/[\s.;!]+$/, "");
    return plain.length <= MAX_PROMISE_LENGTH ? plain : `${plain.slice(0, MAX_PROMISE_LENGTH - 1).trimEnd()}…`;
  }
  return null;
}
