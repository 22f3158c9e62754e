import type { ConversationAssertion, TurnAssertion } from "@/lib/engine/contracts/test-case";
import { plural } from "@/lib/text/plural";

// The assertion kinds as the editor offers them, each with its words and a fresh value to start from.

export type TurnKind = TurnAssertion["kind"];
export type ConversationKind = ConversationAssertion["kind"];

export const TURN_KIND_LABELS: Record<TurnKind, string> = {
  outcome_is: "Outcome is",
  outcome_is_not: "Outcome is not",
  scenario_is: "Scenario is",
  step_is: "Step is",
  rule_fired: "Rule fired",
  rule_not_fired: "Rule did not fire",
  rule_violated: "Rule violation caught",
  rule_not_violated: "Rule not violated",
  reply_contains: "Reply contains",
  reply_not_contains: "Reply does not contain",
  reply_matches: "Reply matches pattern",
  cel: "CEL over what the reply stated",
  max_model_calls: "At most N model calls",
  hands_off: "Hands off to a person",
  asks_for_approval: "Asks for approval",
  opens_follow_up: "Opens a promised follow-up",
  cites: "Cites a knowledge source",
  abstains: "Says it does not know",
};

export const CONVERSATION_KIND_LABELS: Record<ConversationKind, string> = {
  reaches_step: "Reaches step",
  never_falls_back: "Never falls back",
  never_ships_lane1_failure: "Never ships a reply that breaks a hard rule",
};

export const HANDOFF_REASON_WORDS: Record<
  NonNullable<Extract<TurnAssertion, { kind: "hands_off" }>["reason"]>,
  string
> = {
  rule: "a rule still broken",
  customer_request: "the customer asked",
  repeated_fallback: "repeated fallbacks",
};

/** What a new assertion of `kind` starts as; references start at the first option the agent offers. */
export function newTurnAssertion(
  kind: TurnKind,
  firsts: { rule?: string; step?: string; scenario?: string },
): TurnAssertion {
  switch (kind) {
    case "outcome_is":
    case "outcome_is_not":
      return { kind, outcome: "answered" };
    case "scenario_is":
      return { kind, scenario: firsts.scenario ?? null };
    case "step_is":
      return { kind, step: firsts.step ?? "" };
    case "rule_fired":
    case "rule_not_fired":
    case "rule_violated":
    case "rule_not_violated":
      return { kind, rule: firsts.rule ?? "" };
    case "reply_contains":
    case "reply_not_contains":
      return { kind, text: "" };
    case "reply_matches":
      return { kind, pattern: "" };
    case "cel":
      return { kind, expression: "" };
    case "max_model_calls":
      return { kind, max: 2 };
    case "hands_off":
    case "asks_for_approval":
    case "opens_follow_up":
    case "abstains":
      return { kind };
    case "cites":
      return { kind, source: "" };
  }
}

export function newConversationAssertion(kind: ConversationKind, firstStep?: string): ConversationAssertion {
  return kind === "reaches_step" ? { kind, step: firstStep ?? "" } : { kind };
}

/** One line for people: "Outcome is answered", "Rule fired: max-refund", "Reply contains “refund”". */
export function describeAssertion(assertion: TurnAssertion | ConversationAssertion): string {
  switch (assertion.kind) {
    case "outcome_is":
    case "outcome_is_not":
      return `${TURN_KIND_LABELS[assertion.kind]} ${assertion.outcome}`;
    case "scenario_is":
      return `Scenario is ${assertion.scenario ?? "none"}`;
    case "step_is":
      return `Step is ${assertion.step}`;
    case "rule_fired":
    case "rule_not_fired":
    case "rule_violated":
    case "rule_not_violated":
      return `${TURN_KIND_LABELS[assertion.kind]}: ${assertion.rule}`;
    case "reply_contains":
    case "reply_not_contains":
      return `${TURN_KIND_LABELS[assertion.kind]} “${assertion.text}”`;
    case "reply_matches":
      return `Reply matches /${assertion.pattern}/i`;
    case "cel":
      return `CEL: ${assertion.expression}`;
    case "max_model_calls":
      return `At most ${plural(assertion.max, "model call")}`;
    case "hands_off":
      return assertion.reason
        ? `Hands off to a person (${HANDOFF_REASON_WORDS[assertion.reason]})`
        : "Hands off to a person";
    case "asks_for_approval":
      return assertion.tool ? `Asks for approval: ${assertion.tool}` : "Asks for approval";
    case "reaches_step":
      return `Reaches step ${assertion.step}`;
    case "opens_follow_up":
    case "abstains":
      return TURN_KIND_LABELS[assertion.kind];
    case "cites":
      return `Cites ${assertion.source}`;
    case "never_falls_back":
    case "never_ships_lane1_failure":
      return CONVERSATION_KIND_LABELS[assertion.kind];
  }
}

/** A kind as a run report names it ("rule_violated") in the editor's words ("Rule violation caught"). */
export function kindLabel(kind: string): string {
  const labels: Record<string, string> = { ...TURN_KIND_LABELS, ...CONVERSATION_KIND_LABELS };
  return labels[kind] ?? kind;
}
