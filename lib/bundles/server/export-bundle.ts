import "server-only";
import type { Database } from "@/db/types";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { requireAgent } from "@/lib/server/access/agent-lookup";
import { readAgentBundle } from "./read-agent-bundle";

export { serializeBundle } from "../serialize-bundle";

/**
 * The agent's whole configuration as a canonical bundle; serializeBundle turns it into the file.
 * One read-only REPEATABLE READ transaction, so an import running meanwhile is seen entirely or not at all.
 */
export async function exportBundle(db: Database, key: string): Promise<Bundle> {
  return db.transaction(
    async (tx) => {
      const agent = await requireAgent(tx, key);
      return readAgentBundle(tx, agent);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
