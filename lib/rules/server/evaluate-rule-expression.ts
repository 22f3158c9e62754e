import "server-only";
import type { Database } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import { type ExpressionEvaluation, parseTesterValue } from "@/lib/engine/cel/evaluate-expression";
import { declaredVariables } from "@/lib/engine/contracts/bundle-expressions";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { runTesterJobOffThread } from "@/lib/testers/server/tester-pool";

// An expression is a one-liner over typed values: 1 s is thousands of times what a test takes.
const TEST_TIME_LIMIT_MS = 1000;

export interface RuleExpressionTest {
  evaluation: ExpressionEvaluation;
  /** Values that do not fit their variable's type ("Enter a number"), by variable name. */
  value_errors: Record<string, string>;
}

/**
 * The rule editor's tester: types each value by the agent's declaration of its variable, then
 * evaluates on the tester worker (tester-pool.ts). Read-only: reads the declarations, writes nothing. A value for an undeclared variable is
 * ignored; a value that does not fit its type counts as missing and is reported by name.
 */
export async function evaluateRuleExpression(
  db: Database,
  agentKey: string,
  expression: string,
  texts: Record<string, string>,
): Promise<RuleExpressionTest> {
  const agent = await requireAgent(db, agentKey);
  const declarations = declaredVariables(await readAgentBundle(db, agent));
  const values: Record<string, unknown> = {};
  const value_errors: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) {
    // hasOwn: a name like "constructor" must not find Object.prototype's.
    const type = Object.hasOwn(declarations, name) ? declarations[name] : undefined;
    if (type === undefined) continue;
    const typed = parseTesterValue(text, type);
    if (typed.ok) values[name] = typed.value;
    else value_errors[name] = typed.message;
  }
  const evaluation = await runTesterJobOffThread(
    { kind: "rule_expression", expression, declarations, values },
    TEST_TIME_LIMIT_MS,
    "The expression took longer than 1 s on these values and was stopped. Simplify it or use shorter values.",
  );
  return { evaluation, value_errors };
}
