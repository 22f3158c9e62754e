import { MAX_SCAN_TOKENS } from "./money-reading";
import type { MoneyToken } from "./money-tokens";

// A negated promise is benign: "we cannot offer a $75 refund", "a $75 refund is not possible", "no $75
// refund". Only a negation that governs the promise counts, inside its clause (commas, colons,
// dashes, "but" end a clause): "don't worry, your $75 refund is on its way" and "I can't wait to send
// your $75 refund" are promises. English cues only; a negation in another language reads as a
// promise, which blocks (the safe side).

/** Words that negate what they govern. */
export const NEGATION_CUES = new Set([
  "not",
  "never",
  "cannot",
  "can't",
  "won't",
  "wouldn't",
  "couldn't",
  "don't",
  "doesn't",
  "didn't",
  "isn't",
  "aren't",
  "hasn't",
  "haven't",
  "wasn't",
  "weren't",
  "unable",
]);
/** Words allowed between a cue and the verb it negates: "won't be able to offer", "not currently give". */
const FILLERS = new Set([
  "be",
  "able",
  "to",
  "really",
  "currently",
  "actually",
  "yet",
  "just",
  "ever",
  "allowed",
  "permitted",
  "authorized",
  "authorised",
  "you",
  "we",
  "i",
]);
/** Verbs of a promise: what a negation must govern. */
export const PROMISE_VERBS = new Set(
  (
    "offer give issue process approve provide send refund promise grant authorize authorise pay return " +
    "credit do make guarantee reimburse exceed match transfer"
  ).split(" "),
);
const CLAUSE_WORDS = new Set(["but", "however", "although", "though", "instead", "whereas", "except"]);
const ARTICLES = new Set(["a", "an", "the", "any", "that"]);
/** "… is not possible", "… isn't available", "… cannot be approved", "… is impossible". */
const AFTER =
  /^(?:(?:is|are|was|would|will|be|currently|sadly|unfortunately|really|simply)\s+)*(?:(?:not|isn't|aren't|wasn't|won't|cannot|can't|never)\s+(?:be\s+)?(?:possible|available|allowed|permitted|an\s+option|offered|given|issued|processed|approved|refunded|paid|sent|granted|authori[sz]ed|something)|impossible|out\s+of\s+the\s+question)\b/;

const isClauseEnd = (t: MoneyToken | undefined) =>
  t === undefined ||
  t.kind === "stop" ||
  t.kind === "mark" ||
  t.kind === "comma" ||
  t.kind === "newline" ||
  t.kind === "cell" ||
  (t.kind === "word" && CLAUSE_WORDS.has(t.text));
const wordAt = (tokens: MoneyToken[], i: number) => {
  const t = tokens[i];
  return t?.kind === "word" ? t.text : null;
};

/** How many words a cue may stand before the promise's verb, and the verb before the promise. */
const MAX_CUE_TO_VERB = 4;
const MAX_VERB_TO_PROMISE = 5;

/**
 * Whether the promise spanning tokens [from, to] (the amount and its context word, either order) is
 * negated in its clause: a cue governing a promise verb before it, "no"/"not" right before it, or
 * "is not possible" and the like right after it.
 */
export function isNegatedPromise(tokens: MoneyToken[], from: number, to: number): boolean {
  // "no $75 refund", "not a refund of $75", "without a $75 refund".
  let i = from - 1;
  while (ARTICLES.has(wordAt(tokens, i) ?? "")) i -= 1;
  const before = wordAt(tokens, i);
  if (before === "no" || before === "not" || before === "without") return true;
  // "instead of $50", "rather than $50": the amount replaced.
  if (
    (before === "of" && wordAt(tokens, i - 1) === "instead") ||
    (before === "than" && wordAt(tokens, i - 1) === "rather")
  )
    return true;

  // "we cannot offer you a $75 refund", "we won't be able to refund $75".
  let words = 0;
  for (
    let k = from;
    k >= 0 && from - k <= MAX_SCAN_TOKENS && !isClauseEnd(tokens[k - 1]) && words <= MAX_VERB_TO_PROMISE;
    k -= 1
  ) {
    const verb = wordAt(tokens, k);
    if (verb === null) continue;
    // "It won't be a partial refund of $20": "be" with a promise for its complement.
    const promiseVerb = PROMISE_VERBS.has(verb) || (verb === "be" && ARTICLES.has(wordAt(tokens, k + 1) ?? ""));
    if (promiseVerb && negatedVerb(tokens, k)) return true;
    if (k < from) words += 1;
  }

  // "a $75 refund is not possible".
  const after: string[] = [];
  for (
    let k = to + 1;
    k < tokens.length && k - to <= MAX_SCAN_TOKENS && after.length < 8 && !isClauseEnd(tokens[k]);
    k += 1
  ) {
    const w = wordAt(tokens, k);
    if (w !== null) after.push(w);
  }
  return AFTER.test(after.join(" "));
}

function negatedVerb(tokens: MoneyToken[], verbAt: number): boolean {
  let gap = 0;
  for (
    let k = verbAt - 1;
    k >= 0 && verbAt - k <= MAX_SCAN_TOKENS && !isClauseEnd(tokens[k]) && gap <= MAX_CUE_TO_VERB;
    k -= 1
  ) {
    const w = wordAt(tokens, k);
    if (w === null) continue;
    if (NEGATION_CUES.has(w)) return true;
    if (!FILLERS.has(w)) return false;
    gap += 1;
  }
  return false;
}
