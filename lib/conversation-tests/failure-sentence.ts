// A failed assertion as a sentence a designer reads ("Turn 1: expected no rule violation, but
// max-refund was caught before shipping") instead of its path and raw detail
// (`turns[0].assertions[5] rule_not_violated: rules caught before shipping: max-refund`).

interface Failure {
  kind: string;
  detail: string;
}

const EXPECTED_THEN_GOT = /^(\w+) (.+), expected (.+)$/;

function sentenceOf({ kind, detail }: Failure): string {
  const pair = EXPECTED_THEN_GOT.exec(detail);
  switch (kind) {
    case "outcome_is":
    case "scenario_is":
    case "step_is":
      return pair ? `expected ${pair[1]} ${pair[3]}, but it was ${pair[2]}` : detail;
    case "outcome_is_not":
      return `expected any outcome but ${detail.replace(/^outcome (\S+).*/, "$1")}, and it was that`;
    case "rule_fired":
      return `expected the rule to fire, but ${detail.replace(/^rules fired: /, "only these fired: ")}`;
    case "rule_not_fired":
      return `expected the rule not to fire, but it did (${detail})`;
    case "rule_violated":
      return `expected the rule's violation to be caught before shipping, but ${detail.replace(/^rules caught before shipping: /, "what was caught: ")}`;
    case "rule_not_violated":
      return `expected no violation of the rule, but it was caught before shipping (${detail.replace(/^rules caught before shipping: /, "caught: ")})`;
    case "reply_contains":
      return `expected the reply to contain the text, but it was ${detail.replace(/^reply: /, "")}`;
    case "reply_not_contains":
      return `expected the reply not to contain the text, but it was ${detail.replace(/^reply: /, "")}`;
    case "reply_matches":
      return `expected the reply to match the pattern, but it was ${detail.replace(/^reply: /, "")}`;
    case "max_model_calls":
      return `expected ${detail.replace(/^(\d+) model calls, at most (\d+)$/, "at most $2 model calls, but it made $1")}`;
    case "cel":
      return `expected the expression to hold, but it was ${detail}`;
    case "reaches_step":
      return `expected the conversation to reach the step, but ${detail}`;
    case "never_falls_back":
      return `expected no fallback, but ${detail}`;
    case "never_ships_lane1_failure":
      return `expected no reply failing a hard rule to ship, but ${detail}`;
    default:
      return detail;
  }
}

/** "Turn 1: expected step refund/offer_refund, but it was refund/look_up_order". */
export function failureSentence(failure: Failure, turnIndex: number | null): string {
  const sentence = sentenceOf(failure);
  return turnIndex === null ? `The conversation: ${sentence}` : `Turn ${turnIndex + 1}: ${sentence}`;
}
