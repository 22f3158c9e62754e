import "server-only";
import { readConfigIds } from "@/db/queries/agent-config";
import { insertRuleRow } from "@/db/queries/rules";
import type { Database } from "@/db/types";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import { ruleColumns } from "@/lib/bundles/write-agent-config";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { assertRuleFits } from "./rule-issues";

/** Adds a rule: checked against the agent (references, lane, CEL), one new config version. */
export async function createRule(
  db: Database,
  request: ConfigChangeRequest,
  rule: BundleRule,
): Promise<RuleChangeResult> {
  const outcome = await changeAgentConfig<BundleRule | null>(db, request, async (tx, agent, bundle) => {
    assertRuleFits(bundle, rule, null);
    const ids = await readConfigIds(tx, agent.id);
    await insertRuleRow(tx, agent.id, ruleColumns(rule, ids));
    return { entity: "rule", key: rule.key, action: "created", diff: diffRuleFields(null, rule), result: rule };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, rule: outcome.result };
}
