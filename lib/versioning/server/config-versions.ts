import "server-only";
import { getConfigVersion, saveConfigVersion } from "@/db/queries/replay";
import type { AgentRow, DbOrTx, Transaction } from "@/db/types";
import type { AgentSnapshot } from "@/lib/engine/contracts/snapshot";
import { keepKnowledgeSet } from "@/lib/knowledge/server/knowledge-store/knowledge-set";
import { loadAgentSnapshot } from "@/lib/turns/server/load-snapshot";

/**
 * Keeps the engine's view of the agent at its new config_version, in the transaction that made the
 * version: a replay can then run any session under the configuration it ran on, or any later one. Its
 * knowledge passages go to the knowledge store in the same transaction (knowledge-set.ts).
 */
export async function keepConfigVersion(tx: Transaction, agent: AgentRow): Promise<AgentSnapshot> {
  const snapshot = await loadAgentSnapshot(tx, agent);
  await saveConfigVersion(tx, {
    agentId: agent.id,
    configVersion: agent.configVersion,
    snapshot,
  });
  await keepKnowledgeSet(tx, agent.id, agent.configVersion, snapshot);
  return snapshot;
}

/**
 * The agent's configuration at `version`: the live one for the current version, else the kept copy;
 * null for a version from before versions were kept.
 */
export async function configAtVersion(db: DbOrTx, agent: AgentRow, version: number): Promise<AgentSnapshot | null> {
  if (version === agent.configVersion) return loadAgentSnapshot(db, agent);
  return (await getConfigVersion(db, agent.id, version)) as AgentSnapshot | null;
}
