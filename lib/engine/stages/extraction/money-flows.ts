import { wordSet } from "../../text/words";
import { VERB_CUES } from "./money-limits";
import { endsClause, endsSentence, FIRST_PERSON, MAX_SCAN_TOKENS, standsAlone, wordAt } from "./money-reading";
import type { MoneyToken } from "./money-tokens";
import { NEGATION_CUES } from "./negation";

// Money paid back to the customer without a context word beside it. The verb says where the money goes:
//   receiving  — "you'll receive $75", "you'll see $70 on your statement", "expect $85";
//   giving     — "I've issued $80", "I'm reversing the $75 charge", "we'll send you $75", "I've paid $70
//                back" (send, transfer, return, add, put, give and pay need the customer as recipient:
//                "you", "back" or a destination after the amount);
//   going to   — "$120, to the original payment method", "$99 to land in your account";
//   a credit   — "a $75 credit has been applied to your card";
//   committing — with a refund in its sentence or the one before: "I've approved the full $64.99",
//                "I've processed it just now — the full $75", "I've made it $90".
// The amount must stand alone ("$75", not "the $75 kettle": a thing's price), and no negation may
// govern the verb ("you won't receive $75"). Money going out ("charged $75 to your card", "$75 from
// your card") is never a flow.

/** Receiving verbs, with "you" as the subject: "you'll receive", "you should see", "expect". */
const RECEIVE = wordSet("receive receiving get getting see seeing expect expecting");
/** Giving verbs that always give money back: "I've issued $80", "reversing the $75 charge". */
const GIVE_BACK = ["issu", "reimburs", "repay", "repaid", "revers", "credit", "compensat", "refund"];
/** Giving verbs that also give goods or go elsewhere: the customer must be named as the recipient. */
const GIVE = wordSet(
  "send sends sent sending transfer transfers transferred transferring wire wired deposit deposited depositing return returns returned returning put putting add adds added adding give gives gave giving given pay pays paid paying",
);
/** Committing verbs: a promise of the amount when a refund is in play ("I've approved the full $64.99"). */
const COMMIT = wordSet(
  "approve approved approving process processed processing authorize authorized authorise authorised grant granted arrange arranged",
);
/** Changing the amount promised: "I've made it $90", "bumped it up to $75". */
const CHANGE = wordSet(
  "made make making bumped raised increased upped changed corrected updated adjusted reduced lowered set",
);
const CHANGED = new Set(["it", "that", "this", "refund", "amount", "total"]);
/** Words of a noun phrase between a verb and its amount: "issued [you the full] $75". */
const BETWEEN = wordSet(
  "the a an full entire whole all another extra additional of your you yourself total sum amount just",
);
/** Before a verb, what makes it one: "I've", "we'll", "can", "to", "just". */
const VERB_BEFORE = new Set([...VERB_CUES, ...FIRST_PERSON, "have", "has", "just", "already", "also", "and", "now"]);
/** Where money lands: "to your card", "on the original payment method", "into your account". */
const DESTINATIONS = wordSet(
  "card visa mastercard amex maestro discover paypal account statement method bank wallet balance",
);
const DESTINATION_MODIFIERS = wordSet(
  "original same registered linked saved usual bank credit debit checking payment store",
);
/** Verbs that carry money to a destination with "on" or "in": "$99 to land in your account", "$75 should show on your card". */
const LANDING = wordSet(
  "land lands landing arrive arrives arriving appear appears appearing show shows showing hit hits reach reaches back credited deposited returned refunded posted",
);
/** Money going out, or sitting still: never a flow to the customer. */
const OUTFLOW = wordSet(
  "charge charged charges charging bill billed billing debit debited cost costs spent spend owe owed owes deduct deducted took taken withdrawn withheld hold held fee fees price priced from have has had balance left remaining available",
);
/** A charge in the sentence of an amount the customer would "see": "you should see $75 on your statement from the purchase". */
const CHARGES = wordSet(
  "charge charged charges charging bill billed debit debited cost costs spent owe owed deduct deducted took taken withdrawn withheld hold held fee fees price priced from purchase",
);
/** After "credit": other things called credit ("credit card", "credit limit"). */
const NOT_A_CREDIT = wordSet("card cards limit score check history line union report rating note");
const CREDIT_FLOWS = wordSet(
  "applied added issued posted given giving see get receive receiving coming heading way credited",
);
/** What a reversal pays back: "reversing the $75 charge". */
const REVERSIBLE = new Set(["charge", "charges", "payment", "transaction", "fee"]);
/** Inverted questions: "did you receive $75?" asks, it does not promise. */
const ASKING = wordSet("did do does have has had would could will can shall");

/** How far a verb may stand before its amount, in words of the noun phrase between. */
const MAX_VERB_GAP = 3;
/** How far after the amount its destination may start, in tokens. */
const MAX_DESTINATION_GAP = 6;
/** How far back in its sentence a verb may govern "the full $75". */
const MAX_APPOSITION_REACH = 12;

const isGiveBack = (word: string) => GIVE_BACK.some((v) => word.startsWith(v));

/** Whether the verb at `k` is used as one: inflected, or after "I", "we'll", "can", "to"… */
function usedAsVerb(tokens: readonly MoneyToken[], k: number): boolean {
  const w = wordAt(tokens, k) ?? "";
  return /(?:ed|ing)$/.test(w) || VERB_BEFORE.has(wordAt(tokens, k - 1) ?? "");
}

/** A negation cue within a few words before `k` in its clause: "you won't receive", "we can't send". */
function negatedAt(tokens: readonly MoneyToken[], k: number): boolean {
  for (let j = k - 1, words = 0; j >= 0 && k - j <= MAX_SCAN_TOKENS && words < 4 && !endsClause(tokens[j]); j -= 1) {
    const w = wordAt(tokens, j);
    if (w === null) continue;
    if (NEGATION_CUES.has(w) || w === "no" || w === "not") return true;
    words += 1;
  }
  return false;
}

/**
 * The verb governing the amount at `at`: the first word before it past its noun phrase ("issued [you
 * the full] $75"); past one word more when that leads to a verb that always gives money back ("issued
 * the [remaining] $25", "reversed the [duplicate] $60 charge").
 */
function verbBefore(tokens: readonly MoneyToken[], at: number): { at: number; word: string; you: boolean } | null {
  let you = false;
  let modifier: { at: number; word: string } | null = null;
  for (let k = at - 1, words = 0; k >= 0 && at - k <= MAX_SCAN_TOKENS && words <= MAX_VERB_GAP; k -= 1) {
    const t = tokens[k];
    if (!t || endsClause(t) || t.kind === "amount" || t.kind === "comma") break;
    if (t.kind !== "word") continue;
    if (t.text === "you" || t.text === "yourself") you = true;
    words += 1;
    if (BETWEEN.has(t.text)) continue;
    if (modifier === null) {
      modifier = { at: k, word: t.text };
      continue;
    }
    return isGiveBack(t.text) ? { at: k, word: t.text, you } : { ...modifier, you };
  }
  return modifier && { ...modifier, you };
}

/** Whether nothing in the clause before the amount, within a few words, takes money out: "charged", "from", "balance". */
function outflowBefore(tokens: readonly MoneyToken[], at: number): boolean {
  for (let k = at - 1, words = 0; k >= 0 && at - k <= MAX_SCAN_TOKENS && words < 8 && !endsClause(tokens[k]); k -= 1) {
    const w = wordAt(tokens, k);
    if (w === null) continue;
    if (OUTFLOW.has(w)) return true;
    words += 1;
  }
  return false;
}

/** A charge, a fee or a purchase anywhere in the amount's sentence (a few words either side). */
function outflowInSentence(tokens: readonly MoneyToken[], at: number): boolean {
  for (const step of [-1, 1]) {
    for (
      let k = at + step, seen = 0;
      k >= 0 && k < tokens.length && seen < 16 && !endsSentence(tokens[k]);
      k += step, seen += 1
    ) {
      const w = wordAt(tokens, k);
      if (w !== null && CHARGES.has(w)) return true;
    }
  }
  return false;
}

/**
 * A destination after the amount at `at` in its clause: "to your card", "to the original payment
 * method", and with a landing verb between, "in your account", "on your statement". `onAllowed`: "on"
 * and "in" count without one (after "you'll see $70").
 */
function destinationAfter(tokens: readonly MoneyToken[], at: number, onAllowed: boolean): boolean {
  let landing = onAllowed;
  for (let k = at + 1; k < tokens.length && k <= at + MAX_DESTINATION_GAP; k += 1) {
    const t = tokens[k];
    if (!t || endsSentence(t) || t.kind === "cell" || t.kind === "amount") return false;
    if (t.kind !== "word") continue;
    if (OUTFLOW.has(t.text)) return false;
    if (LANDING.has(t.text)) landing = true;
    const into = t.text === "to" || t.text === "into" || t.text === "onto";
    if ((into || ((t.text === "on" || t.text === "in") && landing)) && destinationAt(tokens, k + 1)) return true;
  }
  return false;
}

/** "your card", "the original payment method", "your Visa": a destination starting at `k`. */
function destinationAt(tokens: readonly MoneyToken[], k: number): boolean {
  if (!["your", "the"].includes(wordAt(tokens, k) ?? "")) return false;
  for (let j = k + 1; j <= k + 3; j += 1) {
    const w = wordAt(tokens, j);
    if (w === null) return false;
    if (DESTINATIONS.has(w)) return true;
    if (!DESTINATION_MODIFIERS.has(w)) return false;
  }
  return false;
}

/**
 * "You'll receive $75", "you should see $70 on your statement", "Expect $85": the customer receives it.
 * Seeing and expecting also fit a charge ("you should see $75 on your statement from the purchase",
 * "expect $75 for shipping"): they need a credit or "back" after the amount, or a destination and a
 * refund in play, and no charge in the sentence.
 */
function received(
  tokens: readonly MoneyToken[],
  at: number,
  verb: { at: number; word: string },
  refundNear: boolean,
): string | null {
  if (!RECEIVE.has(verb.word)) return null;
  const subject = wordAt(tokens, verb.at - 1);
  const start = verb.at === 0 || endsSentence(tokens[verb.at - 1]) || tokens[verb.at - 1]?.kind === "mark";
  const you = (w: string | null) => w === "you" || w === "you'll" || w === "you've";
  const bySubject =
    you(subject) ||
    (["will", "should", "can", "may", "to"].includes(subject ?? "") &&
      (you(wordAt(tokens, verb.at - 2)) || subject === "to")) ||
    (verb.word.startsWith("expect") && (start || subject === "please" || subject === "can"));
  if (!bySubject) return null;
  const asked = ASKING.has(wordAt(tokens, verb.at - (subject === "you" ? 2 : 3)) ?? "");
  if (asked) return null;
  if ([1, 2, 3].some((n) => OUTFLOW.has(wordAt(tokens, at + n) ?? ""))) return null;
  if (verb.word.startsWith("see") || verb.word.startsWith("expect")) {
    const next = wordAt(tokens, at + 1);
    const inPlay = refundNear && destinationAfter(tokens, at, true) && !outflowInSentence(tokens, at);
    if (!(next === "credit" || next === "back" || inPlay)) return null;
  }
  return `received: "${verb.word}"`;
}

/** "I've issued $80", "we'll send you $75", "I've paid $70 back": given to the customer. */
function given(
  tokens: readonly MoneyToken[],
  at: number,
  verb: { at: number; word: string; you: boolean },
): string | null {
  const giveBack = isGiveBack(verb.word);
  if (!giveBack && !GIVE.has(verb.word)) return null;
  if (!usedAsVerb(tokens, verb.at) || wordAt(tokens, verb.at + 1) === "card") return null;
  if (!giveBack) {
    const back = wordAt(tokens, at + 1) === "back" || wordAt(tokens, at + 2) === "back";
    if (!(verb.you || back || destinationAfter(tokens, at, false))) return null;
    if ((verb.word.startsWith("pa") || verb.word === "put") && !back && !verb.you) return null;
  }
  return `given: "${verb.word}"`;
}

/** "$120, to the original payment method", "$99 to land in your account": sent to the customer. */
function sent(tokens: readonly MoneyToken[], at: number): string | null {
  return !outflowBefore(tokens, at) && destinationAfter(tokens, at, false) ? "sent to the customer" : null;
}

/** "A $75 credit has been applied to your card", "you'll see a $60 credit on your statement". */
function credited(tokens: readonly MoneyToken[], at: number): string | null {
  if (!["credit", "credits"].includes(wordAt(tokens, at + 1) ?? "")) return null;
  if (NOT_A_CREDIT.has(wordAt(tokens, at + 2) ?? "")) return null;
  for (let k = at - 8; k <= at + 10; k += 1) {
    if (k < 0 || k === at || k >= tokens.length) continue;
    if (CREDIT_FLOWS.has(wordAt(tokens, k) ?? "") && !crossesSentence(tokens, at, k)) return "a credit to the customer";
  }
  return destinationAfter(tokens, at + 1, true) ? "a credit to the customer" : null;
}

function crossesSentence(tokens: readonly MoneyToken[], a: number, b: number): boolean {
  const [from, to] = a < b ? [a, b] : [b, a];
  for (let k = from + 1; k < to; k += 1) if (endsSentence(tokens[k])) return true;
  return false;
}

/** With a refund in play: "I've approved the full $64.99", "I've processed it — the full $75", "I've made it $90". */
function committed(
  tokens: readonly MoneyToken[],
  at: number,
  verb: { at: number; word: string } | null,
): string | null {
  if (verb && COMMIT.has(verb.word) && usedAsVerb(tokens, verb.at)) return `committed: "${verb.word}"`;
  // "made it [up to] $90"
  let k = at - 1;
  if (wordAt(tokens, k) === "to") k -= wordAt(tokens, k - 1) === "up" ? 2 : 1;
  if (CHANGED.has(wordAt(tokens, k) ?? "")) {
    for (let j = k - 1; j >= k - 3 && j >= 0; j -= 1) {
      const w = wordAt(tokens, j);
      if (w !== null && CHANGE.has(w)) return `changed to it: "${w}"`;
      if (w === null || !["the", "your", "refund", "amount", "total"].includes(w)) break;
    }
  }
  // "— the full $75 —": an apposition to what a promise verb earlier in the sentence did.
  const full = ["full", "entire", "whole"].includes(wordAt(tokens, at - 1) ?? "");
  if (!full) return null;
  for (let j = at - 2, seen = 0; j >= 0 && seen < MAX_APPOSITION_REACH && !endsSentence(tokens[j]); j -= 1, seen += 1) {
    const w = wordAt(tokens, j);
    if (w !== null && (COMMIT.has(w) || isGiveBack(w)) && usedAsVerb(tokens, j)) return `committed: "${w}"`;
  }
  return null;
}

/**
 * Why the amount at `at` is money paid back to the customer though no context word binds it (above), or
 * null. `refundNear`: the reply speaks of a refund in the amount's sentence or the one before.
 */
export function flowReading(tokens: readonly MoneyToken[], at: number, refundNear: boolean): string | null {
  const verb = verbBefore(tokens, at);
  // "Reversing the $75 charge" pays the charge back.
  const reversal = verb?.word.startsWith("revers") === true && REVERSIBLE.has(wordAt(tokens, at + 1) ?? "");
  if (!standsAlone(tokens, at) && !reversal) return null;
  if (verb && negatedAt(tokens, verb.at)) return null;
  if (!verb && negatedAt(tokens, at)) return null;
  return (
    (verb && (received(tokens, at, verb, refundNear) ?? given(tokens, at, verb))) ||
    sent(tokens, at) ||
    credited(tokens, at) ||
    (refundNear ? committed(tokens, at, verb) : null)
  );
}
