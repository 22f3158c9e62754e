"use server";

import { SetRuleEnabledInput } from "@/lib/rules/rule-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { ruleEntity } from "@/lib/server/agents/rules/rule-entity";

export const setRuleEnabledAction = configChangeAction(
  { name: "setRuleEnabled", schema: SetRuleEnabledInput },
  (db, request, input) => ruleEntity.setEnabled(db, request, input.rule_key, input.enabled),
);
