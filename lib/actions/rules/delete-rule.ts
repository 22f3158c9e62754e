"use server";

import { RuleRefInput } from "@/lib/rules/rule-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { deleteRule } from "@/lib/server/agents/rules/delete-rule";
import { defineAction } from "@/lib/server/define-action";

export const deleteRuleAction = defineAction(
  { name: "deleteRule", role: "designer", schema: RuleRefInput },
  async (input, { db, actor, requestId, operator }) =>
    deleteRule(db, configChangeRequest(input, { actor, requestId, operator }), input.rule_key),
);
