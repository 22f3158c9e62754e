"use server";

import { RuleRefInput } from "@/lib/rules/rule-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { duplicateRule } from "@/lib/server/agents/rules/duplicate-rule";
import { defineAction } from "@/lib/server/define-action";

export const duplicateRuleAction = defineAction(
  { name: "duplicateRule", role: "designer", schema: RuleRefInput },
  async (input, { db, actor, requestId, operator }) =>
    duplicateRule(db, configChangeRequest(input, { actor, requestId, operator }), input.rule_key),
);
