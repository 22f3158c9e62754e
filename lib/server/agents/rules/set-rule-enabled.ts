import "server-only";
import { updateRuleRow } from "@/db/queries/rules";
import type { Database } from "@/db/types";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findRule } from "./find-rule";

/**
 * The table's enabled switch. Not re-validated: switching a rule off must work even when something
 * it refers to is broken, and `enabled` takes part in no reference or CEL check.
 */
export async function setRuleEnabled(
  db: Database,
  request: ConfigChangeRequest,
  ruleKey: string,
  enabled: boolean,
): Promise<RuleChangeResult> {
  const outcome = await changeAgentConfig<BundleRule | null>(db, request, async (tx, agent, bundle) => {
    const current = await findRule(tx, agent, bundle, ruleKey);
    if (current.rule.enabled === enabled) return { unchanged: current.rule };
    const rule = { ...current.rule, enabled };
    await updateRuleRow(tx, current.id, { enabled });
    return {
      entity: "rule",
      key: ruleKey,
      action: enabled ? "enabled" : "disabled",
      diff: diffRuleFields(current.rule, rule),
      result: rule,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, rule: outcome.result };
}
