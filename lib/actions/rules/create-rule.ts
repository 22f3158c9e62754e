"use server";

import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { CreateRuleInput, ruleFieldsOf } from "@/lib/rules/rule-action-schemas";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { configChangeAction } from "@/lib/versioning/server/config-entity/config-change-action";

export const createRuleAction = configChangeAction(
  { name: "createRule", schema: CreateRuleInput, policies: SAVE_POLICIES },
  (db, request, input) => ruleEntity.create(db, request, ruleFieldsOf(input)),
);
