"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { RuleRefInput } from "@/lib/rules/rule-action-schemas";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const duplicateRuleAction = configChangeAction(
  { name: "duplicateRule", schema: RuleRefInput, policies: SAVE_POLICIES },
  (db, request, input) => ruleEntity.duplicate(db, request, input.rule_key),
);
