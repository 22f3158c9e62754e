"use server";

import { EvaluateRuleExpressionInput } from "@/lib/rules/rule-action-schemas";
import { evaluateRuleExpression } from "@/lib/rules/server/evaluate-rule-expression";
import { defineTesterAction } from "@/lib/testers/server/define-tester-action";

// The rule editor's tester.
export const evaluateRuleExpressionAction = defineTesterAction(
  { name: "evaluateRuleExpression", schema: EvaluateRuleExpressionInput },
  async (input, db) => evaluateRuleExpression(db, input.agent_key, input.expression, input.values),
);
