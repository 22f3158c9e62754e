"use server";

import { ruleFieldsOf, UpdateRuleInput } from "@/lib/rules/rule-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { ruleEntity } from "@/lib/server/agents/rules/rule-entity";

export const updateRuleAction = configChangeAction(
  { name: "updateRule", schema: UpdateRuleInput },
  (db, request, input) => ruleEntity.update(db, request, input.rule_key, ruleFieldsOf(input)),
);
