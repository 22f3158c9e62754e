"use server";

import { RuleRefInput } from "@/lib/rules/rule-action-schemas";
import { deleteRule } from "@/lib/server/agents/rules/delete-rule";
import { defineAction } from "@/lib/server/define-action";

export const deleteRuleAction = defineAction(
  { name: "deleteRule", role: "designer", schema: RuleRefInput },
  async (input, { db, actor, requestId }) =>
    deleteRule(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.rule_key,
    ),
);
