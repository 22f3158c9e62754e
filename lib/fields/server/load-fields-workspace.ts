import "server-only";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { FieldsWorkspaceData } from "@/lib/fields/fields-workspace";
import { nameUses } from "@/lib/fields/name-uses";

/**
 * The Fields & Variables page's data, read as one (readAgentConfig) so the entities and the
 * config_version the editors send back as expected_config_version belong together. NOT_FOUND: no such agent.
 */
export async function loadFieldsWorkspace(db: Database, agentKey: string): Promise<FieldsWorkspaceData> {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  return {
    agent: {
      key: agent.key,
      name: agent.name,
      configVersion: agent.configVersion,
      profileSchemaVersion: agent.profileSchemaVersion,
    },
    profileFields: bundle.profile_fields,
    variables: bundle.variables,
    uses: Object.fromEntries(nameUses(bundle)),
    toolOutputs: bundle.tools.flatMap((tool) =>
      Object.keys(tool.output.variables).map((name) => ({ name, tool: tool.key })),
    ),
  };
}
