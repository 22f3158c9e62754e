import type { TurnAssertion } from "../contracts/test-case";
import type { TurnFacts } from "./turn-facts";

/**
 * What a recorded turn did, proposed as assertions for a new test case (the designer keeps, edits or
 * drops each): its outcome, where it ended (step, or no scenario), every rule that fired, and every
 * rule whose violation was caught before shipping.
 */
export function proposeTurnAssertions(
  facts: Pick<TurnFacts, "outcome" | "scenario" | "step" | "rulesFired" | "rulesViolated">,
): TurnAssertion[] {
  const proposed: TurnAssertion[] = [{ kind: "outcome_is", outcome: facts.outcome }];
  if (facts.step) proposed.push({ kind: "step_is", step: facts.step });
  else proposed.push({ kind: "scenario_is", scenario: facts.scenario });
  for (const rule of facts.rulesFired) proposed.push({ kind: "rule_fired", rule });
  for (const rule of facts.rulesViolated) proposed.push({ kind: "rule_violated", rule });
  return proposed;
}
