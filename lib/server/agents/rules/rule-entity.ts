import "server-only";
import { readConfigIds } from "@/db/queries/agent-config";
import { deleteRuleRow, insertRuleRow, ruleIdByKey, updateRuleRow } from "@/db/queries/rules";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import { ruleColumns } from "@/lib/bundles/write-agent-config";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { AppError } from "@/lib/server/errors";
import { configEntity } from "../config-entity/config-entity";
import { copyKey, copyName } from "../config-entity/copy-names";
import { assertRuleFits } from "./rule-issues";

/**
 * Rules. A rename keeps the rule's id, so fire counts and traces still point at it. A deleted rule's
 * fire counts just stop mattering; turns keep its key and name in their provenance. A copy starts
 * disabled: an identical enabled rule would fire and be enforced twice.
 */
export const ruleEntity = configEntity({
  entity: "rule",
  keyOf: (rule: BundleRule) => rule.key,
  listOf: (bundle) => bundle.rules,
  find: async (tx, agent, bundle, key) => {
    const value = bundle.rules.find((r) => r.key === key);
    const id = await ruleIdByKey(tx, agent.id, key);
    if (!value || !id) throw new AppError("NOT_FOUND", `${agent.name} has no rule "${key}"; reload the rules.`);
    return { id, value };
  },
  diff: diffRuleFields,
  assertFits: (bundle, rule, replacing) => assertRuleFits(bundle, rule, replacing?.value.key ?? null),
  insert: async (tx, agent, rule) => insertRuleRow(tx, agent.id, ruleColumns(rule, await readConfigIds(tx, agent.id))),
  update: async (tx, agent, stored, rule) =>
    updateRuleRow(tx, stored.id, ruleColumns(rule, await readConfigIds(tx, agent.id))),
  remove: (tx, stored) => deleteRuleRow(tx, stored.id),
  setEnabled: {
    of: (rule) => rule.enabled,
    with: (rule, enabled) => ({ ...rule, enabled }),
    write: (tx, stored, enabled) => updateRuleRow(tx, stored.id, { enabled }),
  },
  copy: (rule, taken) => ({ ...rule, key: copyKey(rule.key, taken), name: copyName(rule.name), enabled: false }),
  reply: ({ config_version, changed, value }): RuleChangeResult => ({ config_version, changed, rule: value }),
});
