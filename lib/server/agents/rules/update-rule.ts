import "server-only";
import { readConfigIds } from "@/db/queries/agent-config";
import { updateRuleRow } from "@/db/queries/rules";
import type { Database } from "@/db/types";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import { ruleColumns } from "@/lib/bundles/write-agent-config";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findRule } from "./find-rule";
import { assertRuleFits } from "./rule-issues";

/**
 * Replaces the fields of the rule loaded as `ruleKey` (a new `key` renames it; its id stays, so fire
 * counts and traces still point at it). A save that changes no field writes nothing.
 */
export async function updateRule(
  db: Database,
  request: ConfigChangeRequest,
  ruleKey: string,
  rule: BundleRule,
): Promise<RuleChangeResult> {
  const outcome = await changeAgentConfig<BundleRule | null>(db, request, async (tx, agent, bundle) => {
    const current = await findRule(tx, agent, bundle, ruleKey);
    const diff = diffRuleFields(current.rule, rule);
    if (Object.keys(diff).length === 0) return { unchanged: current.rule };
    assertRuleFits(bundle, rule, ruleKey);
    const ids = await readConfigIds(tx, agent.id);
    await updateRuleRow(tx, current.id, ruleColumns(rule, ids));
    return {
      entity: "rule",
      key: rule.key,
      action: "updated",
      diff,
      previous_key: rule.key === ruleKey ? undefined : ruleKey,
      result: rule,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, rule: outcome.result };
}
