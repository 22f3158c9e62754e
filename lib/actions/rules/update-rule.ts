"use server";

import { ruleFieldsOf, UpdateRuleInput } from "@/lib/rules/rule-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { updateRule } from "@/lib/server/agents/rules/update-rule";
import { defineAction } from "@/lib/server/define-action";

export const updateRuleAction = defineAction(
  { name: "updateRule", role: "designer", schema: UpdateRuleInput },
  async (input, { db, actor, requestId, operator }) =>
    updateRule(db, configChangeRequest(input, { actor, requestId, operator }), input.rule_key, ruleFieldsOf(input)),
);
