"use server";

import { CreateRuleInput, ruleFieldsOf } from "@/lib/rules/rule-action-schemas";
import { createRule } from "@/lib/server/agents/rules/create-rule";
import { defineAction } from "@/lib/server/define-action";

export const createRuleAction = defineAction(
  { name: "createRule", role: "designer", schema: CreateRuleInput },
  async (input, { db, actor, requestId }) =>
    createRule(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      ruleFieldsOf(input),
    ),
);
