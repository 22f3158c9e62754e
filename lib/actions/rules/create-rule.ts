"use server";

import { CreateRuleInput, ruleFieldsOf } from "@/lib/rules/rule-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { ruleEntity } from "@/lib/server/agents/rules/rule-entity";

export const createRuleAction = configChangeAction(
  { name: "createRule", schema: CreateRuleInput },
  (db, request, input) => ruleEntity.create(db, request, ruleFieldsOf(input)),
);
