import "server-only";
import type { Database } from "@/db/types";
import { referencesTo } from "@/lib/bundles/config-references";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import { declaredVariables } from "@/lib/engine/contracts/bundle-expressions";
import type { RulesWorkspaceData } from "@/lib/rules/rules-workspace";

/**
 * The rules page's data, read as one (readAgentConfig) so the rules and the config_version
 * the editor will send back as expected_config_version belong together. NOT_FOUND: no such agent.
 */
export async function loadRulesWorkspace(db: Database, agentKey: string): Promise<RulesWorkspaceData> {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  return {
    agent: { key: agent.key, name: agent.name, configVersion: agent.configVersion },
    rules: bundle.rules,
    scenarios: bundle.scenarios.map((s) => ({ ref: s.key, label: s.name })),
    steps: bundle.scenarios.map((s) => ({
      scenario: s.name,
      options: s.steps.map((step) => ({ ref: `${s.key}/${step.key}`, label: `${s.name} › ${step.name}` })),
    })),
    tools: bundle.tools.map((t) => ({ key: t.key, name: t.name })),
    declarations: declaredVariables(bundle),
    testsNaming: Object.fromEntries(
      bundle.rules.map((rule) => [rule.key, [...new Set(referencesTo(bundle, "rule", rule.key).map((r) => r.key))]]),
    ),
  };
}
