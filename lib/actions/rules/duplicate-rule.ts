"use server";

import { RuleRefInput } from "@/lib/rules/rule-action-schemas";
import { duplicateRule } from "@/lib/server/agents/rules/duplicate-rule";
import { defineAction } from "@/lib/server/define-action";

export const duplicateRuleAction = defineAction(
  { name: "duplicateRule", role: "designer", schema: RuleRefInput },
  async (input, { db, actor, requestId }) =>
    duplicateRule(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.rule_key,
    ),
);
