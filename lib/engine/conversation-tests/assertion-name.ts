import type { ConversationAssertion, TurnAssertion } from "../contracts/test-case";

const q = (text: string) => JSON.stringify(text);

function turnClause(assertion: TurnAssertion): string {
  switch (assertion.kind) {
    case "outcome_is":
      return `should end ${assertion.outcome}`;
    case "outcome_is_not":
      return `should not end ${assertion.outcome}`;
    case "scenario_is":
      return assertion.scenario ? `should be in scenario ${assertion.scenario}` : "should be in no scenario";
    case "step_is":
      return `should be at step ${assertion.step}`;
    case "rule_fired":
      return `should fire rule ${assertion.rule}`;
    case "rule_not_fired":
      return `should not fire rule ${assertion.rule}`;
    case "rule_violated":
      return `should catch a violation of rule ${assertion.rule}`;
    case "rule_not_violated":
      return `should not violate rule ${assertion.rule}`;
    case "reply_contains":
      return `should mention ${q(assertion.text)}`;
    case "reply_not_contains":
      return `should not mention ${q(assertion.text)}`;
    case "reply_matches":
      return `should match /${assertion.pattern}/`;
    case "cel":
      return `should satisfy ${assertion.expression}`;
    case "max_model_calls":
      return `should make at most ${assertion.max} model calls`;
    case "hands_off":
      return assertion.reason ? `should hand off (${assertion.reason})` : "should hand off to a person";
    case "asks_for_approval":
      return assertion.tool ? `should ask approval for ${assertion.tool}` : "should ask for approval";
    case "opens_follow_up":
      return "should open a person's follow-up";
    case "cites":
      return `should cite ${q(assertion.source)}`;
    case "abstains":
      return "should say it does not know";
  }
}

function conversationClause(assertion: ConversationAssertion): string {
  switch (assertion.kind) {
    case "reaches_step":
      return `should reach step ${assertion.step}`;
    case "never_falls_back":
      return "should never fall back";
    case "never_ships_lane1_failure":
      return "should never ship a reply failing a hard rule";
  }
}

/**
 * An assertion's plain name, built from its kind and value, for every place a failure is shown (the
 * console, the gate, `focal test`) instead of its path: "Turn 2 should mention "2-day review"".
 */
export function turnAssertionName(assertion: TurnAssertion, turnIndex: number): string {
  return `Turn ${turnIndex + 1} ${turnClause(assertion)}`;
}

export function conversationAssertionName(assertion: ConversationAssertion): string {
  return `The conversation ${conversationClause(assertion)}`;
}
