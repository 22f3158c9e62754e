"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { SetRuleEnabledInput } from "@/lib/rules/rule-action-schemas";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const setRuleEnabledAction = configChangeAction(
  { name: "setRuleEnabled", schema: SetRuleEnabledInput, policies: SAVE_POLICIES },
  (db, request, input) => ruleEntity.setEnabled(db, request, input.rule_key, input.enabled),
);
