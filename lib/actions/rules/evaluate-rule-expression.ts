"use server";

import { EvaluateRuleExpressionInput } from "@/lib/rules/rule-action-schemas";
import { evaluateRuleExpression } from "@/lib/rules/server/evaluate-rule-expression";
import { defineAction } from "@/lib/server/define-action";
import { testerRateLimiter } from "@/lib/testers/server/tester-rate-limit";

// The rule editor's tester: read-only, so a viewer may try expressions too.
export const evaluateRuleExpressionAction = defineAction(
  { name: "evaluateRuleExpression", role: "viewer", schema: EvaluateRuleExpressionInput },
  async (input, { db, operator }) => {
    testerRateLimiter.take(operator.id);
    return evaluateRuleExpression(db, input.agent_key, input.expression, input.values);
  },
);
