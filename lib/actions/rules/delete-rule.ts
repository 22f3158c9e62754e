"use server";

import { RuleRefInput } from "@/lib/rules/rule-action-schemas";
import { configChangeAction } from "@/lib/server/agents/config-entity/config-change-action";
import { ruleEntity } from "@/lib/server/agents/rules/rule-entity";

export const deleteRuleAction = configChangeAction({ name: "deleteRule", schema: RuleRefInput }, (db, request, input) =>
  ruleEntity.delete(db, request, input.rule_key),
);
