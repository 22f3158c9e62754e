import "server-only";
import type { AgentRow, Database } from "@/db/types";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { readAgentBundle } from "./read-agent-bundle";

/**
 * The agent (within the caller's reach, else 404) and its configuration as a bundle, read in one
 * read-only REPEATABLE READ transaction: the entities and the config_version an editor sends back
 * (or the ETag) belong together, and an import running meanwhile is seen entirely or not at all.
 */
export async function readAgentConfig(db: Database, agentKey: string): Promise<{ agent: AgentRow; bundle: Bundle }> {
  return db.transaction(
    async (tx) => {
      const agent = await requireAgent(tx, agentKey);
      return { agent, bundle: await readAgentBundle(tx, agent) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
