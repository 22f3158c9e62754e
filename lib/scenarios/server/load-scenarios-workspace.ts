import "server-only";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { ScenariosWorkspaceData } from "@/lib/scenarios/scenarios-workspace";

/**
 * The scenario pages' data, read as one (readAgentConfig) so the scenarios and the
 * config_version the editor will send back as expected_config_version belong together. NOT_FOUND: no such agent.
 */
export async function loadScenariosWorkspace(db: Database, agentKey: string): Promise<ScenariosWorkspaceData> {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  const ruleScopes: Record<string, string[]> = {};
  for (const rule of bundle.rules) {
    if (rule.scope_ref === null) continue;
    ruleScopes[rule.scope_ref] = [...(ruleScopes[rule.scope_ref] ?? []), rule.key];
  }
  return {
    agent: { key: agent.key, name: agent.name, configVersion: agent.configVersion },
    scenarios: bundle.scenarios,
    ruleScopes,
  };
}
