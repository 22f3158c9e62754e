import "server-only";
import { readConfigIds } from "@/db/queries/agent-config";
import { insertRuleRow } from "@/db/queries/rules";
import type { Database } from "@/db/types";
import { diffRuleFields } from "@/lib/bundles/rule-field-diff";
import { ruleColumns } from "@/lib/bundles/write-agent-config";
import type { BundleRule } from "@/lib/engine/contracts/bundle";
import type { RuleChangeResult } from "@/lib/rules/rule-action-schemas";
import { type ConfigChangeRequest, changeAgentConfig } from "../change-agent-config";
import { findRule } from "./find-rule";
import { assertRuleFits } from "./rule-issues";

// BundleRule limits: keys 64 characters, names 200.
const MAX_KEY = 64;
const MAX_NAME = 200;

/** "max-refund" → "max-refund-copy", then "-copy-2", "-copy-3"…, cut to fit the 64-character key limit. */
export function copyKey(key: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "-copy" : `-copy-${n}`;
    const candidate = `${key.slice(0, MAX_KEY - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Copies a rule under a fresh key. The copy starts disabled: an identical enabled rule would fire
 * and be enforced twice, so it changes no turn until the designer has edited and enabled it.
 */
export async function duplicateRule(
  db: Database,
  request: ConfigChangeRequest,
  ruleKey: string,
): Promise<RuleChangeResult> {
  const outcome = await changeAgentConfig<BundleRule | null>(db, request, async (tx, agent, bundle) => {
    const source = await findRule(tx, agent, bundle, ruleKey);
    const key = copyKey(ruleKey, new Set(bundle.rules.map((r) => r.key)));
    const suffix = " (copy)";
    const copy: BundleRule = {
      ...source.rule,
      key,
      name: `${source.rule.name.slice(0, MAX_NAME - suffix.length)}${suffix}`,
      enabled: false,
    };
    assertRuleFits(bundle, copy, null);
    const ids = await readConfigIds(tx, agent.id);
    await insertRuleRow(tx, agent.id, ruleColumns(copy, ids));
    return {
      entity: "rule",
      key,
      action: "duplicated",
      source_key: ruleKey,
      diff: diffRuleFields(null, copy),
      result: copy,
    };
  });
  return { config_version: outcome.config_version, changed: outcome.changed, rule: outcome.result };
}
