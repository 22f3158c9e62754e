import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import type { Database } from "@/db/types";
import type { Bundle } from "@/lib/engine/contracts/bundle";
import { reachable } from "@/lib/server/access/agent-access";
import { AppError } from "@/lib/server/errors";
import { readAgentBundle } from "./read-agent-bundle";

export { serializeBundle } from "./serialize-bundle";

/**
 * The agent's whole configuration as a canonical bundle; serializeBundle turns it into the file.
 * One read-only REPEATABLE READ transaction, so an import running meanwhile is seen entirely or not at all.
 */
export async function exportBundle(db: Database, key: string): Promise<Bundle> {
  return db.transaction(
    async (tx) => {
      const agent = reachable(await getAgentByKey(tx, key));
      if (!agent) throw new AppError("NOT_FOUND", `No agent with key "${key}".`);
      return readAgentBundle(tx, agent);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
