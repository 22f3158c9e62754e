"use server";

import { ruleFieldsOf, UpdateRuleInput } from "@/lib/rules/rule-action-schemas";
import { updateRule } from "@/lib/server/agents/rules/update-rule";
import { defineAction } from "@/lib/server/define-action";

export const updateRuleAction = defineAction(
  { name: "updateRule", role: "designer", schema: UpdateRuleInput },
  async (input, { db, actor, requestId }) =>
    updateRule(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.rule_key,
      ruleFieldsOf(input),
    ),
);
