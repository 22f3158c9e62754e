import { wordSet } from "../../text/words";
import { endsClause, FIRST_PERSON, MAX_SCAN_TOKENS, wordAt } from "./money-reading";
import type { MoneyToken } from "./money-tokens";

// An amount that is asked for is not promised. The customer's words read back ("I understand you'd like
// $75 back", "the $75 refund you asked for", "your request for $80 back"), a refund handed on ("I've
// escalated the refund for order #48213 ($75.00) to our refunds team"), or one still waiting for
// someone's decision ("a specialist will review your $75 refund request", "the $75 refund … needs
// approval from a specialist"): the agent commits to nothing, so the amount binds nothing. Unless the
// agent commits to it in the same clause: "I've approved your $75 refund request" and "I've refunded
// the $75 you asked for" are promises. English only; elsewhere the amount binds (the safe side).

/** "you'd like", "you're asking", "you asked for", "you mentioned": the customer's wish or words. */
const WISH_VERBS = wordSet(
  "like want wanted asking asked ask request requested requesting hoping hoped expecting expected mentioned said claimed claiming after seeking sought",
);
const YOU = new Set(["you", "you'd", "you're", "you've", "you'll"]);
/** "Would you like $75 back?" and "if you'd like $75 back" offer the amount: the customer wishes nothing yet. */
const OFFERING = wordSet("would do did shall should could can will if");
/** Nouns of something asked for: "your $75 refund request", "your request for $80 back". */
const REQUEST_NOUNS = wordSet("request requests claim claims application dispute inquiry enquiry query appeal");
/** Verbs that hand a refund on to someone else: "escalated", "passed … to a specialist". */
const HAND_ON = wordSet("escalated escalate escalating passed forwarded referred handed flagged submitted sent raised");
/** Who decides instead of the agent: "to our refunds team", "with a specialist". */
export const DECIDERS = wordSet(
  "specialist specialists specialist's team team's teams colleague colleagues manager manager's managers supervisor supervisors department reviewer reviewers review approval billing finance",
);
/** "A specialist will review …", "… needs approval": a decision still to come. */
export const DECIDING = wordSet("review decide look consider check approve assess evaluate confirm");
const PENDING = wordSet("needs need requires require awaiting awaits pending");
const PENDING_ON = new Set([...DECIDERS, "approved", "reviewed", "sign", "signoff"]);
/** Promise verbs: used as verbs, they override a request ("I've approved your $75 refund request"). */
const COMMIT_VERBS = wordSet(
  "approved approve processed process issued issue granted grant refunded refund sent send accepted accept honoured honored honour honor authorized authorised authorize authorise credited reimbursed completed",
);

/** Words that make the commit verb after them a noun: "the refund for order 48213", "your refund request". */
const DETERMINERS = wordSet("the a an your my our this that his her their its");
/** After an amount asked for, a participle that grants it: "your $75 refund request has been approved". */
const GRANTED = wordSet("approved granted accepted processed issued completed honoured honored confirmed");
const GRANTED_BY = wordSet("been is was are were 's now");

/** How far back and ahead of the amount its clause is read, in words. */
const MAX_BEFORE = 10;
const MAX_AFTER = 8;
/** Words between a hand-on verb and the decider it hands to: "escalated [the refund for order 48213 ($75.00) to our refunds] team". */
const MAX_HAND_ON_SPAN = 14;
/** Words between a decider and its deciding verb: "a specialist [will] review". */
const DECIDER_TO_VERB = 3;

/** Whether the word at `k` is the customer's wish with "you" as its subject, not an offer: "you'd like", "you asked". */
function wishAt(tokens: readonly MoneyToken[], k: number): boolean {
  if (!WISH_VERBS.has(wordAt(tokens, k) ?? "")) return false;
  for (let j = k - 1; j >= k - 2; j -= 1) {
    const w = wordAt(tokens, j);
    if (w === null) return false;
    if (YOU.has(w)) return !OFFERING.has(wordAt(tokens, j - 1) ?? "");
  }
  return false;
}

/** A decider within the clause after `from`: "to our refunds team", "with a specialist". */
function deciderAfter(tokens: readonly MoneyToken[], from: number): boolean {
  for (let k = from + 1; k < tokens.length && k <= from + MAX_HAND_ON_SPAN && !endsClause(tokens[k]); k += 1) {
    if (DECIDERS.has(wordAt(tokens, k) ?? "")) return true;
  }
  return false;
}

/** "A specialist will review", "our team can decide": a decider a few words before a deciding verb at `k`. */
function decidedBySomeoneElse(tokens: readonly MoneyToken[], k: number): boolean {
  if (!DECIDING.has(wordAt(tokens, k) ?? "")) return false;
  for (let j = k - 1; j >= k - DECIDER_TO_VERB && j >= 0; j -= 1) {
    const w = wordAt(tokens, j);
    if (w === null || FIRST_PERSON.has(w)) return false;
    if (DECIDERS.has(w)) return true;
  }
  return false;
}

type Asked = string | "commit" | null;

/**
 * Reading back from the amount to the nearest wish, request, hand-on or decider; "commit" when a
 * promise verb used as a verb comes first ("I've refunded the $75 you asked for", "a specialist will
 * review your order and refund $75").
 */
function askedBefore(tokens: readonly MoneyToken[], at: number): Asked {
  for (
    let k = at - 1, words = 0;
    k >= 0 && at - k <= MAX_SCAN_TOKENS && words < MAX_BEFORE && !endsClause(tokens[k]);
    k -= 1
  ) {
    const w = wordAt(tokens, k);
    if (w === null) continue;
    words += 1;
    if (COMMIT_VERBS.has(w) && !DETERMINERS.has(wordAt(tokens, k - 1) ?? "")) return "commit";
    if (wishAt(tokens, k)) return "the customer's wish";
    if (REQUEST_NOUNS.has(w)) return "a request";
    if (HAND_ON.has(w) && (w.startsWith("escalat") || deciderAfter(tokens, k))) return "handed on for a decision";
    if (decidedBySomeoneElse(tokens, k)) return "waiting for a decision";
  }
  return null;
}

/** Reading on from the amount: "$75 refund request", "$75 refund you asked for", "… needs approval", "… is with our team". */
function askedAfter(tokens: readonly MoneyToken[], at: number): Asked {
  let found: Asked = null;
  for (
    let k = at + 1, words = 0;
    k < tokens.length && k - at <= MAX_SCAN_TOKENS && words < MAX_AFTER && !endsClause(tokens[k]);
    k += 1
  ) {
    const w = wordAt(tokens, k);
    if (w === null) continue;
    words += 1;
    if (GRANTED.has(w) && GRANTED_BY.has(wordAt(tokens, k - 1) ?? "")) return "commit";
    if (found !== null) continue;
    if (REQUEST_NOUNS.has(w) && words <= 2) found = "a request";
    else if (wishAt(tokens, k) && words <= 4) found = "the customer's wish";
    else if (PENDING.has(w) && [1, 2, 3].some((n) => PENDING_ON.has(wordAt(tokens, k + n) ?? "")))
      found = "waiting for a decision";
    else if (w === "under" && wordAt(tokens, k + 1) === "review") found = "waiting for a decision";
    else if (w === "with" && words <= 4 && deciderAfter(tokens, k)) found = "handed on for a decision";
  }
  return found;
}

/** Tokens read after the amount for the agent granting it: the rest of its sentence and the next one. */
const MAX_GRANT_REACH = 30;

/**
 * The agent granting what was asked, later in the amount's sentence or in the next one, with no amount
 * of its own: "you asked for $75 back, and I've approved it", "You'd like $75 back. I've refunded it."
 * Then the amount is no mere request. Handing it on ("I've sent it to a specialist") grants nothing.
 */
function grantedLater(tokens: readonly MoneyToken[], at: number): boolean {
  let sentences = 0;
  for (let k = at + 1; k < tokens.length && k <= at + MAX_GRANT_REACH; k += 1) {
    const t = tokens[k];
    if (t?.kind === "stop" || t?.kind === "newline") {
      if (k > at + 1 && tokens[k - 1]?.kind !== "stop" && tokens[k - 1]?.kind !== "newline") sentences += 1;
      if (sentences > 1) return false;
      continue;
    }
    if (t?.kind === "amount") return false;
    const w = wordAt(tokens, k);
    if (w === null || !COMMIT_VERBS.has(w)) continue;
    const agent = [1, 2].some((n) => FIRST_PERSON.has(wordAt(tokens, k - n) ?? ""));
    if (agent && !deciderAfter(tokens, k) && !amountAfter(tokens, k)) return true;
  }
  return false;
}

/** An amount of its own after the verb at `k`, in its sentence: "I've refunded $40" grants $40, not what was asked. */
function amountAfter(tokens: readonly MoneyToken[], k: number): boolean {
  for (let j = k + 1; j < tokens.length && j <= k + MAX_AFTER; j += 1) {
    const t = tokens[j];
    if (t?.kind === "stop" || t?.kind === "newline") return false;
    if (t?.kind === "amount") return true;
  }
  return false;
}

/** Why the amount at `at` is asked for rather than promised (above), or null. */
export function requestReading(tokens: readonly MoneyToken[], at: number): string | null {
  const before = askedBefore(tokens, at);
  if (before === "commit") return null;
  const after = askedAfter(tokens, at);
  if (after === "commit") return null;
  const reading = before ?? after;
  return reading !== null && !grantedLater(tokens, at) ? reading : null;
}
