import { fold } from "../../text/words";

// Recognises a customer asking for a person (docs/handoffs.md#asking-for-a-person) without a model
// call: each message and each of the agent's `handoff.request_examples` is read as a short sequence of
// concepts (PERSON, TALK, WANT) and the content words left, and the message asks when it holds some
// example's sequence in order, at most one word apart. It abstains when unsure: a negation before the
// match ("I don't want to talk to a human"), a question about the past ("did I talk to an agent?"), or
// an example of one concept ("operator please") unless the whole message is that concept. Measured on
// a held-out list (handoff-corpus/held-out.ts): the figures are in docs/handoffs.md.

const PERSON = "PERSON";
const TALK = "TALK";
const WANT = "WANT";
const NOT = "NOT";
/** "someone", "staff": a person only beside a word of talking ("talk to someone"), never "need someone to look at it". */
const SOMEONE = "SOMEONE";

/** Several words naming one concept, replaced before the words are split. */
const PHRASES: readonly [RegExp, string][] = [
  [/\b(customer (service|support|care)|support team|help ?desk|call cent(er|re)|human beings?)\b/g, PERSON],
  [/\b(put|get) me through\b/g, TALK],
  // "like" wants only after would: "looks like someone made a charge" asks for nobody.
  [/\b(would|id|i'd) like\b/g, WANT],
  [/\b(do not|dont|don't|never|no need)\b/g, NOT],
];

const CONCEPTS: Readonly<Record<string, string>> = {
  human: PERSON,
  humans: PERSON,
  person: PERSON,
  agent: PERSON,
  agents: PERSON,
  representative: PERSON,
  rep: PERSON,
  someone: SOMEONE,
  somebody: SOMEONE,
  operator: PERSON,
  manager: PERSON,
  supervisor: PERSON,
  staff: SOMEONE,
  employee: PERSON,
  talk: TALK,
  speak: TALK,
  chat: TALK,
  connect: TALK,
  transfer: TALK,
  want: WANT,
  need: WANT,
  have: WANT,
  get: WANT,
  give: WANT,
  not: NOT,
  no: NOT,
};

/** Words that carry nothing here: "can I please speak to a real agent" is TALK PERSON. */
const FILLER: ReadonlySet<string> = new Set(
  (
    "a an the to with me my i id im ive please pls plz can could would may might let just now right " +
    "real actual actually live proper you your our us here there on one some kind of for a"
  ).split(" "),
);

/** A question about what already happened asks for nobody: "did I talk to an agent?". */
const PAST_QUESTION: ReadonlySet<string> = new Set(["did", "was", "were", "had"]);

/** The message's concepts and content words, in order. */
function conceptsOf(text: string): string[] {
  let folded = fold(text).replace(/'/g, "");
  for (const [pattern, concept] of PHRASES) folded = folded.replace(pattern, ` ${concept} `);
  return folded
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => (word === word.toUpperCase() && /[A-Z]/.test(word) ? word : (CONCEPTS[word] ?? word)))
    .filter((word) => !FILLER.has(word));
}

/** The message with SOMEONE read as PERSON right after a word of talking, and as itself elsewhere. */
function someoneAsPerson(message: readonly string[]): string[] {
  return message.map((word, at) => (word === SOMEONE && message[at - 1] === TALK ? PERSON : word));
}

/** Where `example` occurs in `message` in order, at most one word between two of its items; -1 when not. */
function startOf(message: readonly string[], example: readonly string[]): number {
  for (let start = 0; start < message.length; start++) {
    if (message[start] !== example[0]) continue;
    let at = start;
    let ok = true;
    for (const item of example.slice(1)) {
      const next = message.indexOf(item, at + 1);
      if (next < 0 || next - at > 2) {
        ok = false;
        break;
      }
      at = next;
    }
    if (ok) return start;
  }
  return -1;
}

// An agent's examples are the same on every turn: each is read once (reading them all was ~2% of a
// turn at 1,000 rules). Examples per agent are few; the cache is cleared rather than evicted when full.
const MAX_CACHED_EXAMPLES = 2000;
const exampleCache = new Map<string, readonly string[]>();

/** An example's concepts and content words, NOT left out: what a message must hold in order. */
function exampleConcepts(example: string): readonly string[] {
  let wanted = exampleCache.get(example);
  if (!wanted) {
    wanted = someoneAsPerson(conceptsOf(example)).filter((word) => word !== NOT);
    if (exampleCache.size >= MAX_CACHED_EXAMPLES) exampleCache.clear();
    exampleCache.set(example, wanted);
  }
  return wanted;
}

export interface HandoffRequestMatch {
  /** The example whose concepts the message holds. */
  example: string;
}

/** The example the message matches when it asks for a person; null when it does not, or when unsure. */
export function matchHandoffRequest(message: string, examples: readonly string[]): HandoffRequestMatch | null {
  const said = someoneAsPerson(conceptsOf(message));
  if (said.length === 0 || PAST_QUESTION.has(fold(message).trim().split(/\s+/)[0] ?? "")) return null;
  for (const example of examples) {
    const wanted = exampleConcepts(example);
    if (wanted.length === 0) continue;
    if (wanted.length === 1) {
      if (said.length === 1 && said[0] === wanted[0]) return { example };
      continue;
    }
    const start = startOf(said, wanted);
    if (start >= 0 && !said.slice(0, start).includes(NOT)) return { example };
  }
  return null;
}
