"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { ruleFieldsOf, UpdateRuleInput } from "@/lib/rules/rule-action-schemas";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateRuleAction = configChangeAction(
  { name: "updateRule", schema: UpdateRuleInput, policies: SAVE_POLICIES },
  (db, request, input) => ruleEntity.update(db, request, input.rule_key, ruleFieldsOf(input)),
);
