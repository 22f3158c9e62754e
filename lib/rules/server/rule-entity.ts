import "server-only";
import { readConfigIds } from "@/db/queries/agent-config";
import { deleteRuleRow, insertRuleRow, ruleIdByKey, updateRuleRow } from "@/db/queries/rules";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import { ruleColumns } from "@/lib/bundles/server/write-agent-config";
import type { Bundle, BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { configEntity, oneRow } from "@/lib/versioning/server/config-entity/config-entity";
import { copyKey, copyName } from "@/lib/versioning/server/config-entity/copy-names";
import { assertRuleFits } from "./rule-issues";

/**
 * Rules. A rename keeps the rule's id, so fire counts and traces still point at it. A deleted rule's
 * fire counts just stop mattering; turns keep its key and name in their provenance. A copy starts
 * disabled: an identical enabled rule would fire and be enforced twice.
 */
export const ruleEntity = configEntity({
  entity: "rule",
  ...oneRow({
    keyOf: (rule: BundleRule) => rule.key,
    listOf: (bundle: Bundle) => bundle.rules,
    find: { idOf: ruleIdByKey, noun: "rule", reload: "reload the rules" },
    write: {
      columns: async (rule, tx, agent) => ruleColumns(rule, await readConfigIds(tx, agent.id)),
      insert: insertRuleRow,
      update: updateRuleRow,
      remove: deleteRuleRow,
    },
  }),
  diff: diffRuleFields,
  assertFits: (bundle, rule, replacing) => assertRuleFits(bundle, rule, replacing?.value.key ?? null),
  setEnabled: {
    of: (rule) => rule.enabled,
    with: (rule, enabled) => ({ ...rule, enabled }),
    write: (tx, stored, enabled) => updateRuleRow(tx, stored.id, { enabled }),
  },
  copy: (rule, taken) => ({ ...rule, key: copyKey(rule.key, taken), name: copyName(rule.name), enabled: false }),
  reply: ({ config_version, changed, value }): RuleChangeResult => ({ config_version, changed, rule: value }),
});
