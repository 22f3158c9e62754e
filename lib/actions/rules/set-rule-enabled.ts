"use server";

import { SetRuleEnabledInput } from "@/lib/rules/rule-action-schemas";
import { configChangeRequest } from "@/lib/server/agents/change-agent-config";
import { setRuleEnabled } from "@/lib/server/agents/rules/set-rule-enabled";
import { defineAction } from "@/lib/server/define-action";

export const setRuleEnabledAction = defineAction(
  { name: "setRuleEnabled", role: "designer", schema: SetRuleEnabledInput },
  async (input, { db, actor, requestId, operator }) =>
    setRuleEnabled(db, configChangeRequest(input, { actor, requestId, operator }), input.rule_key, input.enabled),
);
