import "server-only";
import { credentialNamesOf } from "@/db/queries/credentials";
import type { Database } from "@/db/types";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import { unconfiguredTools } from "@/lib/credentials/credential-use";
import { type Role, roleAtLeast } from "@/lib/identity/roles";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import type { ToolHostStatus } from "@/lib/tools/tool-action-schemas";
import type { ToolsWorkspaceData } from "@/lib/tools/tools-workspace";
import { configuredToolHosts, toolHostStatus } from "./tool-host-status";

/**
 * The tools page's data, read in one REPEATABLE READ transaction so the tools and the config_version
 * the editor will send back as expected_config_version belong together. NOT_FOUND: no such agent.
 * `hostStatus` names this server's tool-host allowlist, which only those who write tools (designer
 * and up) may read: a viewer's page gets none, not even hidden in the page's data.
 * `allowedHosts`: the allowlist to judge http tools by (this server's by default).
 */
export async function loadToolsWorkspace(
  db: Database,
  agentKey: string,
  viewer: { role: Role },
  allowedHosts: string = configuredToolHosts(),
): Promise<ToolsWorkspaceData> {
  const showHosts = roleAtLeast(viewer.role, "designer");
  return db.transaction(
    async (tx) => {
      const agent = await requireAgent(tx, agentKey);
      const bundle = await readAgentBundle(tx, agent);
      const usedBy: ToolsWorkspaceData["usedBy"] = {};
      for (const rule of bundle.rules) {
        for (const key of rule.attached_tools)
          usedBy[key] = [...(usedBy[key] ?? []), { key: rule.key, name: rule.name }];
      }
      const takenNames: Record<string, string> = {};
      for (const field of bundle.profile_fields) takenNames[field.field_name] = "profile field";
      for (const variable of bundle.variables) takenNames[variable.name] ??= "response variable";
      const hostStatus: Record<string, ToolHostStatus> = {};
      for (const tool of bundle.tools) {
        if (tool.kind !== "static" && showHosts) hostStatus[tool.key] = toolHostStatus(tool.output.url, allowedHosts);
      }
      const credentialNames = await credentialNamesOf(tx, agent.id);
      return {
        agent: { key: agent.key, name: agent.name, configVersion: agent.configVersion },
        tools: bundle.tools,
        usedBy,
        takenNames,
        hostStatus,
        credentialNames,
        unconfigured: unconfiguredTools(bundle.tools, credentialNames),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
