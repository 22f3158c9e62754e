"use server";

import { SetRuleEnabledInput } from "@/lib/rules/rule-action-schemas";
import { setRuleEnabled } from "@/lib/server/agents/rules/set-rule-enabled";
import { defineAction } from "@/lib/server/define-action";

export const setRuleEnabledAction = defineAction(
  { name: "setRuleEnabled", role: "designer", schema: SetRuleEnabledInput },
  async (input, { db, actor, requestId }) =>
    setRuleEnabled(
      db,
      { agentKey: input.agent_key, expectedVersion: input.expected_config_version, actor, requestId },
      input.rule_key,
      input.enabled,
    ),
);
