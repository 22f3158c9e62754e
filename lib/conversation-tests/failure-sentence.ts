// A failed assertion as a sentence a designer reads ("Turn 1: expected no violation of Refunds above
// $50, but it was caught before shipping") instead of its path and raw detail
// (`turns[0].assertions[5] rule_not_violated: rules caught before shipping: max-refund`).

interface Failure {
  /** The assertion's plain name ("Turn 2 should mention …"); absent in results stored before it. */
  name?: string;
  kind: string;
  detail: string;
  /** The rule key a rule_* assertion names; absent in results stored before it was recorded. */
  rule?: string;
}

/** Rule names by key; a key without a name (a removed rule) reads as itself. */
export type RuleNames = Readonly<Record<string, string>>;

/** "rules fired: a, b" → "A name and B name"; "none" → null. */
function namedList(detail: string, names: RuleNames): string | null {
  const list = detail.replace(/^rules (fired|caught before shipping): /, "");
  if (list === "none") return null;
  const named = list.split(", ").map((key) => names[key] ?? key);
  return named.length === 1 ? (named[0] ?? null) : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

function ruleSentence({ kind, detail, rule }: Failure, names: RuleNames): string {
  const subject = rule ? (names[rule] ?? rule) : "the rule";
  const others = namedList(detail, names);
  switch (kind) {
    case "rule_fired":
      return `expected ${subject} to fire, but ${others ? `only ${others} fired` : "no rule fired"}`;
    case "rule_not_fired":
      return `expected ${subject} not to fire, but it did`;
    case "rule_violated":
      return `expected a violation of ${subject} to be caught before shipping, but ${others ? `only ${others} was caught` : "nothing was caught"}`;
    default:
      return `expected no violation of ${subject}, but it was caught before shipping`;
  }
}

// `expected "2-day review"; reply "…"` (the whole reply); results stored before it say only `reply: "…"`.
const EXPECTED_BESIDE_REPLY = /^expected (.+?); reply ("[\s\S]*")$/;

/** What a reply assertion expected beside what the reply was: `expected the reply to contain "x", but it was "…"`. */
export function replyParts(detail: string): { expected: string | null; reply: string } {
  const parts = EXPECTED_BESIDE_REPLY.exec(detail);
  if (parts) return { expected: parts[1] ?? null, reply: parts[2] ?? "" };
  return { expected: null, reply: detail.replace(/^reply: /, "") };
}

function replySentence(verb: string, detail: string): string {
  const { expected, reply } = replyParts(detail);
  return `expected the reply ${verb} ${expected ?? "the text"}, but it was ${reply}`;
}

const EXPECTED_THEN_GOT = /^(\w+) (.+), expected (.+)$/;

function sentenceOf(failure: Failure, names: RuleNames): string {
  const { kind, detail } = failure;
  const pair = EXPECTED_THEN_GOT.exec(detail);
  switch (kind) {
    case "outcome_is":
    case "scenario_is":
    case "step_is":
      return pair ? `expected ${pair[1]} ${pair[3]}, but it was ${pair[2]}` : detail;
    case "outcome_is_not":
      return `expected any outcome but ${detail.replace(/^outcome (\S+).*/, "$1")}, and it was that`;
    case "rule_fired":
    case "rule_not_fired":
    case "rule_violated":
    case "rule_not_violated":
      return ruleSentence(failure, names);
    case "reply_contains":
      return replySentence("to contain", detail);
    case "reply_not_contains":
      return replySentence("not to contain", detail);
    case "reply_matches":
      return replySentence("to match", detail);
    case "max_model_calls":
      return `expected ${detail.replace(/^(\d+) model calls, at most (\d+)$/, "at most $2 model calls, but it made $1")}`;
    case "cel":
      return `expected the expression to hold, but it was ${detail}`;
    case "reaches_step":
      return `expected the conversation to reach the step, but ${detail}`;
    case "never_falls_back":
      return `expected no fallback, but ${detail}`;
    case "hands_off":
    case "asks_for_approval":
      return `expected ${kind === "hands_off" ? "a handoff to a person" : "a pause for approval"}, but ${detail.replace(/, expected .*$/, "")}`;
    case "cites":
      return `expected the reply to cite a knowledge source, but it ${detail}`;
    case "abstains":
      return `expected the agent to say it does not know, but the ${detail}`;
    case "opens_follow_up":
      return `expected the reply to promise a person's follow-up, but ${detail.replace(/^no follow-up: /, "")}`;
    case "never_ships_lane1_failure":
      return `expected no reply failing a hard rule to ship, but ${detail}`;
    default:
      return detail;
  }
}

/**
 * "Turn 2 should mention "2-day review": expected the reply to contain "2-day review", but it was "…"";
 * a result stored before names were recorded: "Turn 1: expected step …, but it was …".
 */
export function failureSentence(failure: Failure, turnIndex: number | null, ruleNames: RuleNames = {}): string {
  const sentence = sentenceOf(failure, ruleNames);
  if (failure.name) return `${failure.name}: ${sentence}`;
  return turnIndex === null ? `The conversation: ${sentence}` : `Turn ${turnIndex + 1}: ${sentence}`;
}

/** The turn a result's path names (`turns[1].assertions[0]` → 1), null for a conversation assertion. */
function turnOf(path: string): number | null {
  const turn = /^turns\[(\d+)\]/.exec(path);
  return turn ? Number(turn[1]) : null;
}

/** A failed result as one line (the test gate, `focal test`, JUnit), its turn read from its path. */
export function failureLine(failure: Failure & { path: string }): string {
  return failureSentence(failure, turnOf(failure.path));
}
