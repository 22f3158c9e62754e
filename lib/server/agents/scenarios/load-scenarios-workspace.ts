import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import type { Database } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/read-agent-bundle";
import type { ScenariosWorkspaceData } from "@/lib/scenarios/scenarios-workspace";
import { reachable } from "@/lib/server/access/agent-access";

/**
 * The scenario pages' data, read in one REPEATABLE READ transaction so the scenarios and the
 * config_version the editor will send back as expected_config_version belong together. null: no such agent.
 */
export async function loadScenariosWorkspace(db: Database, agentKey: string): Promise<ScenariosWorkspaceData | null> {
  return db.transaction(
    async (tx) => {
      const agent = reachable(await getAgentByKey(tx, agentKey));
      if (!agent) return null;
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
