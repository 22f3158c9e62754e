import "server-only";
import type { Database } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import type { ScenariosWorkspaceData } from "@/lib/scenarios/scenarios-workspace";
import { requireAgent } from "@/lib/server/access/agent-lookup";

/**
 * The scenario pages' data, read in one REPEATABLE READ transaction so the scenarios and the
 * config_version the editor will send back as expected_config_version belong together. NOT_FOUND: no such agent.
 */
export async function loadScenariosWorkspace(db: Database, agentKey: string): Promise<ScenariosWorkspaceData> {
  return db.transaction(
    async (tx) => {
      const agent = await requireAgent(tx, agentKey);
      const bundle = await readAgentBundle(tx, agent);
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
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
