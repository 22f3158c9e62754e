import "server-only";
import { deleteRuleRow } from "@/db/queries/rules";
import type { Database } from "@/db/types";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findRule } from "./find-rule";

/**
 * Deletes a rule. The ledger event keeps every field's last value, so the history page can show
 * what was removed and a designer can re-create it. Sessions' fire counts keyed by its id just stop
 * mattering; turns keep the rule's key and name in their provenance.
 */
export async function deleteRule(
  db: Database,
  request: ConfigChangeRequest,
  ruleKey: string,
): Promise<RuleChangeResult> {
  const outcome = await changeAgentConfig<BundleRule | null>(db, request, async (tx, agent, bundle) => {
    const current = await findRule(tx, agent, bundle, ruleKey);
    await deleteRuleRow(tx, current.id);
    return { entity: "rule", key: ruleKey, action: "deleted", diff: diffRuleFields(current.rule, null), result: null };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, rule: outcome.result };
}
