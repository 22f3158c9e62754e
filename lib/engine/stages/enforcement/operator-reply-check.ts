import type { CompiledAgent } from "../../compile/compile-agent";
import { totalNameOf } from "../../contracts/money-variable";
import type { SessionState } from "../../contracts/session-state";
import { blocksDraft, type RuleCheck } from "../../contracts/turn-outcome";
import { extractResponseVariables } from "../extraction/extract-response-variables";
import { lookupVariable } from "../variables/resolve-variables";
import { checkLane1 } from "./lane1";

/**
 * Lane 1 over a reply an operator typed (docs/handoffs.md#the-inbox): the same extraction and CEL checks
 * an agent's draft gets, deterministic part only (no judge, no claims: a person declares nothing).
 * Every enabled deterministic hard rule is checked, not only the ones a retrieval matched — there was
 * no retrieval, and a person's "$75 back today" must meet `refund_amount <= 50` wherever it is said.
 * Returns the checks that would stop an agent's draft; empty = the reply passes.
 */
export function checkOperatorReply(agent: CompiledAgent, session: SessionState, text: string): RuleCheck[] {
  if (!agent.snapshot.settings.enforcement.enabled || !agent.snapshot.settings.enforcement.deterministic_enabled) {
    return [];
  }
  const extraction = extractResponseVariables(text, agent.snapshot.responseVariables);
  const money = new Set(agent.snapshot.responseVariables.filter((v) => v.type === "money").map((v) => v.name));
  const source = (name: string) => {
    const stated = extraction.values[name];
    const total = money.has(name) ? extraction.values[totalNameOf(name)] : undefined;
    if (stated && stated.length > 1 && total) return [...stated, ...total];
    if (stated && stated.length > 0) return stated;
    const known = lookupVariable(session, name);
    return known ? [known.value] : undefined;
  };
  const gaps = {
    unresolvedMoney: (name: string) => extraction.unresolvedMoney[name],
    moneyBlocks: agent.snapshot.settings.enforcement.unresolved_money_blocks,
  };
  return agent.rules
    .filter(({ rule }) => rule.enabled && rule.isHardConstraint && rule.enforcementLane === "deterministic")
    .filter(({ rule }) => Boolean(rule.enforcementExpression))
    .map((compiled) => checkLane1(compiled, source, gaps))
    .filter(blocksDraft);
}
