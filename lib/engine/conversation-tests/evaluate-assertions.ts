import type { CelDeclarations } from "../cel/cel-environment";
import { evaluateExpression, expressionVariables } from "../cel/evaluate-expression";
import type { ConversationAssertion, TurnAssertion } from "../contracts/test-case";
import { compileDesignerPattern } from "../regex/compile-designer-pattern";
import type { TurnFacts } from "./turn-facts";

export interface AssertionResult {
  /** Where the assertion is in the case: `turns[2].assertions[0]` or `assertions[1]` (for machines). */
  path: string;
  /** For people, from its kind and value: "Turn 2 should mention "2-day review"" (absent in old results). */
  name?: string;
  kind: string;
  passed: boolean;
  /** For people: what was expected and what happened. */
  detail: string;
  /** The rule key a rule_* assertion names, so the sentence can say which rule was expected. */
  rule?: string;
}

// A CEL assertion over a variable the reply stated several times must hold for each combination of
// stated values; 64 combinations cover any real reply and bound the work.
const MAX_COMBINATIONS = 64;

function listOf(items: string[]): string {
  return items.length ? items.join(", ") : "none";
}

/**
 * What a reply assertion expected beside the whole reply: `expected "2-day review"; reply "…"`. The
 * reply is never cut: a designer must see where the text was missing (the console folds long ones).
 */
function expectedBesideReply(shownExpected: string, reply: string): string {
  return `expected ${shownExpected}; reply ${JSON.stringify(reply)}`;
}

function celAssertion(expression: string, facts: TurnFacts, declarations: CelDeclarations): [boolean, string] {
  const names = expressionVariables(expression);
  const choices: Record<string, unknown[]> = {};
  for (const name of names) {
    const stated = facts.stated[name];
    if (stated && stated.length > 0) choices[name] = stated;
    else if (Object.hasOwn(facts.profile, name)) choices[name] = [facts.profile[name]];
    else if (Object.hasOwn(facts.sessionVariables, name)) choices[name] = [facts.sessionVariables[name]];
  }
  const missing = names.filter((n) => !choices[n]);
  if (missing.length > 0) return [false, `unresolved: the turn stated no ${missing.join(", ")}`];
  let combos: Record<string, unknown>[] = [{}];
  for (const [name, values] of Object.entries(choices)) {
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v }))).slice(0, MAX_COMBINATIONS);
  }
  for (const values of combos) {
    const result = evaluateExpression(expression, declarations, values);
    if (result.result === "error") return [false, result.message];
    if (result.result !== true) {
      const shown = Object.entries(values)
        .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
        .join(", ");
      return [false, `false for ${shown}`];
    }
  }
  return [true, "true for every stated value"];
}

export function evaluateTurnAssertion(
  assertion: TurnAssertion,
  facts: TurnFacts,
  declarations: CelDeclarations,
): [boolean, string] {
  switch (assertion.kind) {
    case "outcome_is":
      return [facts.outcome === assertion.outcome, `outcome ${facts.outcome}, expected ${assertion.outcome}`];
    case "outcome_is_not":
      return [facts.outcome !== assertion.outcome, `outcome ${facts.outcome}, expected anything but that`];
    case "scenario_is":
      return [
        facts.scenario === assertion.scenario,
        `scenario ${facts.scenario ?? "none"}, expected ${assertion.scenario ?? "none"}`,
      ];
    case "step_is":
      return [facts.step === assertion.step, `step ${facts.step ?? "none"}, expected ${assertion.step}`];
    case "rule_fired":
      return [facts.rulesFired.includes(assertion.rule), `rules fired: ${listOf(facts.rulesFired)}`];
    case "rule_not_fired":
      return [!facts.rulesFired.includes(assertion.rule), `rules fired: ${listOf(facts.rulesFired)}`];
    case "rule_violated":
      return [
        facts.rulesViolated.includes(assertion.rule),
        `rules caught before shipping: ${listOf(facts.rulesViolated)}`,
      ];
    case "rule_not_violated":
      return [
        !facts.rulesViolated.includes(assertion.rule),
        `rules caught before shipping: ${listOf(facts.rulesViolated)}`,
      ];
    case "reply_contains":
      return [
        facts.response.toLowerCase().includes(assertion.text.toLowerCase()),
        expectedBesideReply(JSON.stringify(assertion.text), facts.response),
      ];
    case "reply_not_contains":
      return [
        !facts.response.toLowerCase().includes(assertion.text.toLowerCase()),
        expectedBesideReply(JSON.stringify(assertion.text), facts.response),
      ];
    case "reply_matches": {
      const compiled = compileDesignerPattern(assertion.pattern, { caseInsensitive: true });
      if (!compiled.ok) return [false, compiled.message];
      return [compiled.regex.test(facts.response), expectedBesideReply(`/${assertion.pattern}/`, facts.response)];
    }
    case "cel":
      return celAssertion(assertion.expression, facts, declarations);
    case "max_model_calls":
      return [facts.modelCalls <= assertion.max, `${facts.modelCalls} model calls, at most ${assertion.max}`];
    case "hands_off":
      return [
        facts.outcome === "handoff" && (assertion.reason === undefined || facts.handoffReason === assertion.reason),
        facts.outcome === "handoff"
          ? `handed off (${facts.handoffReason ?? "no reason"}), expected ${assertion.reason ?? "any reason"}`
          : `outcome ${facts.outcome}, expected a handoff`,
      ];
    case "asks_for_approval":
      return [
        facts.outcome === "awaiting_approval" &&
          (assertion.tool === undefined || facts.approvalTool === assertion.tool),
        facts.outcome === "awaiting_approval"
          ? `asked approval for ${facts.approvalTool ?? "a tool"}, expected ${assertion.tool ?? "any tool"}`
          : `outcome ${facts.outcome}, expected a pause for approval`,
      ];
    case "cites": {
      const named = (c: { id: string; title: string }) => c.id === assertion.source || c.title === assertion.source;
      const cited = facts.cited.map((c) => c.title);
      return [
        facts.cited.some(named),
        cited.length > 0 ? `cited ${cited.join(", ")}` : `cited no source; reply ${JSON.stringify(facts.response)}`,
      ];
    }
    case "abstains":
      return [facts.abstained, `outcome ${facts.outcome}; reply ${JSON.stringify(facts.response)}`];
    case "opens_follow_up":
      return [
        facts.followUp !== null,
        facts.followUp !== null
          ? `opened a follow-up for ${JSON.stringify(facts.followUp)}`
          : `no follow-up: the reply promised none; reply ${JSON.stringify(facts.response)}`,
      ];
  }
}

export function evaluateConversationAssertion(assertion: ConversationAssertion, turns: TurnFacts[]): [boolean, string] {
  switch (assertion.kind) {
    case "reaches_step": {
      const at = turns.findIndex((t) => t.step === assertion.step);
      const visited = [...new Set(turns.map((t) => t.step ?? "none"))];
      return [at >= 0, at >= 0 ? `reached on turn ${at + 1}` : `steps visited: ${visited.join(" → ")}`];
    }
    case "never_falls_back": {
      const at = turns.findIndex((t) => t.outcome === "fallback");
      return [at < 0, at < 0 ? "no fallback" : `turn ${at + 1} fell back`];
    }
    case "never_ships_lane1_failure": {
      const at = turns.findIndex((t) => t.shippedLane1Failures.length > 0);
      return [
        at < 0,
        at < 0
          ? "every shipped reply passed lane 1"
          : `turn ${at + 1} shipped a reply failing ${listOf(turns[at]?.shippedLane1Failures ?? [])}`,
      ];
    }
  }
}
