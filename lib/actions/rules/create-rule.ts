"use server";

import { CreateRuleInput, ruleFieldsOf } from "@/lib/rules/rule-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { createRule } from "@/lib/server/agents/rules/create-rule";
import { defineAction } from "@/lib/server/define-action";

export const createRuleAction = defineAction(
  { name: "createRule", role: "designer", schema: CreateRuleInput },
  async (input, { db, actor, requestId, operator }) =>
    createRule(db, configChangeRequest(input, { actor, requestId, operator }), ruleFieldsOf(input)),
);
