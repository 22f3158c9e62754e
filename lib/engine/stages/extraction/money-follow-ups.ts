import { wordSet } from "../../text/words";
import { endsSentence, MAX_SCAN_TOKENS, standsAlone } from "./money-reading";
import type { MoneyToken } from "./money-tokens";
import { NEGATION_CUES } from "./negation";

// A refund done in one sentence and its amount stated in the next: "I've approved your refund. The
// amount is $75.", "Your refund is confirmed. It comes to $99.50 in total.", "All done. I've refunded
// you. Total: $60.", "Refund issued; amount = $64.99", "Refund. $75", a list item "Status: refund
// issued" followed by "Total: USD 88.00". The amount's sentence opens with a label that points back
// (amount, total, "it's", "it comes to", "expect"…) or is the amount alone; the sentence before
// commits to a refund (approved, issued, processed, done, "I've refunded you"…) and states no amount
// of its own. A refund asked for, pending, refused or questioned ("Refund requested. The amount is
// $75.") commits to nothing: that amount stays uncertain.

/** Labels that open the amount's sentence, after its context words ("refund amount") and before "is" or ":". */
const LABELS = [
  "amount",
  "the amount",
  "total",
  "the total",
  "in total",
  "sum",
  "the sum",
  "it's",
  "it is",
  "that's",
  "that is",
  "it comes to",
  "that comes to",
  "it came to",
  "it'll be",
  "it will be",
  "that'll be",
  "that will be",
  "expect",
  "please expect",
].map((l) => l.split(" "));
const COPULAS = new Set(["is", "was", "are", "will", "be", "of"]);
/** Words of the sentence before that commit to the refund. */
const COMMITTED = wordSet(
  "approved issued processed confirmed submitted completed complete done sent granted authorized authorised through way yes initiated started refunded reimbursed credited",
);
/** Words that leave the refund before undone: asked for, waiting, conditional. */
const UNDONE = wordSet(
  "requested request requests pending review reviewing reviewed approval needs need once if eligible unless until",
);

/** Tokens a label may hold before the amount, and the sentence before may hold at most. */
const MAX_LABEL_TOKENS = 8;
const MAX_SENTENCE_TOKENS = 40;

/** The words (and where the amount's sentence starts) before the amount at `at`, or null past the label's length. */
function labelBefore(tokens: readonly MoneyToken[], at: number): { words: string[]; start: number } | null {
  const words: string[] = [];
  let k = at - 1;
  for (; k >= 0 && !endsSentence(tokens[k]); k -= 1) {
    if (at - k > MAX_LABEL_TOKENS) return null;
    const t = tokens[k];
    if (t?.kind === "amount") return null;
    if (t?.kind === "word") words.unshift(t.text);
  }
  return { words, start: k + 1 };
}

/** Whether `words` (context words left out, and trailing "is" if need be) are a label, or nothing at all. */
function isLabel(words: string[], isContext: (word: string) => boolean): boolean {
  const rest = words.filter((w) => !isContext(w));
  const matches = () =>
    rest.length === 0 || LABELS.some((l) => l.length === rest.length && l.every((w, i) => rest[i] === w));
  if (matches()) return true;
  while (rest.length > 0 && COPULAS.has(rest[rest.length - 1] ?? "")) rest.pop();
  return matches();
}

/** The amount alone in its sentence, marks aside: "Refund. $75". */
function aloneInSentence(tokens: readonly MoneyToken[], at: number): boolean {
  for (let k = at + 1; k < tokens.length && !endsSentence(tokens[k]); k += 1) {
    if (tokens[k]?.kind === "word" || tokens[k]?.kind === "amount" || k - at > MAX_SCAN_TOKENS) return false;
  }
  return true;
}

/** The sentence before the one starting at `start`, as [first, last], past the stops and blank lines between. */
function sentenceBefore(
  tokens: readonly MoneyToken[],
  start: number,
): { first: number; last: number; question: boolean } | null {
  let last = start - 1;
  let question = false;
  while (last >= 0 && (endsSentence(tokens[last]) || tokens[last]?.kind === "mark" || tokens[last]?.kind === "cell")) {
    if (start - last > MAX_SCAN_TOKENS) return null;
    const t = tokens[last];
    if (t?.kind === "stop" && t.question) question = true;
    last -= 1;
  }
  if (last < 0) return null;
  let first = last;
  while (first > 0 && !endsSentence(tokens[first - 1])) {
    first -= 1;
    if (last - first > MAX_SENTENCE_TOKENS) return null;
  }
  return { first, last, question };
}

/** Whether the sentence [first, last] commits to a refund and states no amount of its own. */
function commitsToRefund(
  tokens: readonly MoneyToken[],
  { first, last }: { first: number; last: number },
  isContext: (word: string) => boolean,
): boolean {
  let context = false;
  let committed = false;
  let words = 0;
  for (let k = first; k <= last; k += 1) {
    const t = tokens[k];
    if (t?.kind === "amount") return false;
    if (t?.kind !== "word") continue;
    words += 1;
    if (NEGATION_CUES.has(t.text) || t.text === "no" || t.text === "not" || UNDONE.has(t.text)) return false;
    if (isContext(t.text)) context = true;
    if (COMMITTED.has(t.text)) committed = true;
  }
  // "Refund." alone is a label for the amount after it.
  return context && (committed || words <= 2);
}

/** Why the amount at `at` is the refund the sentence before committed to (above), or null. */
export function followUpReading(
  tokens: readonly MoneyToken[],
  at: number,
  isContext: (word: string) => boolean,
): string | null {
  const label = labelBefore(tokens, at);
  if (!label || !standsAlone(tokens, at) || !isLabel(label.words, isContext)) return null;
  if (label.words.length === 0 && !aloneInSentence(tokens, at)) return null;
  const before = sentenceBefore(tokens, label.start);
  if (!before || before.question || !commitsToRefund(tokens, before, isContext)) return null;
  const opened = label.words.length > 0 ? `"${label.words.join(" ")}"` : "the amount alone";
  return `${opened} after a refund done in the sentence before`;
}
