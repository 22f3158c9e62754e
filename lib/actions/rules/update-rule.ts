"use server";

import { ruleFieldsOf, UpdateRuleInput } from "@/lib/rules/rule-action-schemas";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const updateRuleAction = configChangeAction(
  { name: "updateRule", schema: UpdateRuleInput },
  (db, request, input) => ruleEntity.update(db, request, input.rule_key, ruleFieldsOf(input)),
);
