import type { CompiledRule } from "../../compile/compile-agent";
import type { RuleCheck } from "../../contracts/turn-outcome";

// Several amounts in one reply are all checked; 32 combinations bound the work for pathological replies.
const MAX_ASSIGNMENTS = 32;

export type VariableSource = (name: string) => unknown[] | undefined;

function assignments(
  names: string[],
  source: VariableSource,
): { sets: Record<string, unknown>[]; unresolved: string[] } {
  const unresolved: string[] = [];
  let sets: Record<string, unknown>[] = [{}];
  for (const name of names) {
    const values = source(name);
    if (!values || values.length === 0) {
      unresolved.push(name);
      continue;
    }
    const next: Record<string, unknown>[] = [];
    for (const set of sets)
      for (const value of values) if (next.length < MAX_ASSIGNMENTS) next.push({ ...set, [name]: value });
    sets = next;
  }
  return { sets, unresolved };
}

export interface MoneyGaps {
  /** Amounts a money variable (or its `_total`) bound in a currency without a rate. */
  unresolvedMoney: (name: string) => string[] | undefined;
  /** enforcement.unresolved_money_blocks. */
  moneyBlocks: boolean;
}

const NO_GAPS: MoneyGaps = { unresolvedMoney: () => undefined, moneyBlocks: false };

/**
 * Lane 1 (docs/decisions.md#two-enforcement-lanes-deterministic-first): the rule's CEL expression over profile ∪
 * session ∪ what the reply said. A variable nobody resolved is an explicit `unresolved`, never a silent pass;
 * every extracted value is tried, so "$30 now and $75 later" fails `refund_amount <= 50`. A money
 * amount that cannot be converted leaves the rule undecided unless another value already fails it;
 * that `unresolved` blocks the draft when `moneyBlocks` is on.
 */
export function checkLane1(compiled: CompiledRule, source: VariableSource, gaps: MoneyGaps = NO_GAPS): RuleCheck {
  const { rule } = compiled;
  const base = { ruleId: rule.id, ruleKey: rule.key, ruleName: rule.name, lane: 1 as const };
  if (!compiled.program) {
    return {
      ...base,
      result: "unresolved",
      detail: `expression ${JSON.stringify(rule.enforcementExpression)} does not parse`,
    };
  }
  const moneyGaps = [...new Set(compiled.variables.flatMap((name) => gaps.unresolvedMoney(name) ?? []))];
  const undecided = (unresolved: string[], variables?: Record<string, unknown>): RuleCheck => ({
    ...base,
    result: "unresolved",
    detail: `${moneyGaps.join(", ")} cannot be compared with ${rule.enforcementExpression}${
      gaps.moneyBlocks ? "; unresolved money blocks the reply (enforcement.unresolved_money_blocks)" : ""
    }`,
    ...(unresolved.length > 0 ? { unresolved } : {}),
    ...(variables ? { variables } : {}),
    ...(gaps.moneyBlocks ? { blocking: true } : {}),
  });
  const { sets, unresolved } = assignments(compiled.variables, source);
  if (unresolved.length > 0) {
    if (moneyGaps.length > 0) return undecided(unresolved);
    return { ...base, result: "unresolved", detail: `no value for ${unresolved.join(", ")}`, unresolved };
  }
  for (const set of sets) {
    let value: unknown;
    try {
      value = compiled.program(set);
    } catch (error) {
      return {
        ...base,
        result: "unresolved",
        detail: `evaluation error: ${(error as Error).message.split("\n")[0]}`,
        variables: set,
      };
    }
    if (value !== true) {
      return {
        ...base,
        result: "failed",
        detail: `${rule.enforcementExpression} is false for ${formatAssignment(set)}`,
        variables: set,
      };
    }
  }
  if (moneyGaps.length > 0) return undecided([], sets[0]);
  return { ...base, result: "passed", detail: `${rule.enforcementExpression} holds`, variables: sets[0] ?? {} };
}

export function formatAssignment(set: Record<string, unknown>): string {
  return Object.entries(set)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(", ");
}
