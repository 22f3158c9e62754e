import "server-only";
import { getAgentById } from "@/db/queries/agents";
import { getEnvironment, insertEnvironment, isKeptVersion, lockEnvironment } from "@/db/queries/environments";
import type { AgentEnvironmentRow, AgentRow, DbOrTx, Transaction } from "@/db/types";
import { AppError } from "@/lib/server/errors";
import { keepConfigVersion } from "@/lib/versioning/server/config-versions";
import { PRODUCTION } from "../environment-schemas";

/** The environment's row; null for production before its first pin; any other name without a row is a 404. */
export async function findEnvironment(db: DbOrTx, agent: AgentRow, name: string): Promise<AgentEnvironmentRow | null> {
  const row = await getEnvironment(db, agent.id, name);
  if (!row && name !== PRODUCTION) throw new AppError("NOT_FOUND", `The agent has no environment "${name}".`);
  return row;
}

/**
 * The environment's row under a row lock. Production has no row until its first pin: it is made here,
 * inside the caller's transaction, so a refusal later in it leaves nothing behind. Any other name
 * without a row is a 404.
 */
export async function lockEnvironmentRow(tx: Transaction, agent: AgentRow, name: string): Promise<AgentEnvironmentRow> {
  const found = await lockEnvironment(tx, agent.id, name);
  if (found) return found;
  if (name !== PRODUCTION) throw new AppError("NOT_FOUND", `The agent has no environment "${name}".`);
  await insertEnvironment(tx, { agentId: agent.id, name, pinnedVersion: null });
  const made = await lockEnvironment(tx, agent.id, name);
  if (!made) throw new Error("production environment vanished after insert");
  return made;
}

/**
 * Refuses a version the agent never had or that was not kept (422 at `path`); reads only, so a
 * refusal before any transaction writes nothing.
 */
export async function assertVersionExists(
  db: DbOrTx,
  agent: AgentRow,
  version: number,
  path: string,
): Promise<AgentRow> {
  const current = (await getAgentById(db, agent.id)) ?? agent;
  if (version === current.configVersion) return current;
  if (version < current.configVersion && (await isKeptVersion(db, agent.id, version))) return current;
  const why =
    version > current.configVersion ? `the latest is ${current.configVersion}` : "it is from before versions were kept";
  throw new AppError("VALIDATION", `Version ${version} cannot be pinned: ${why}.`, [
    { path, message: `No kept version ${version} (${why})` },
  ]);
}

/**
 * `assertVersionExists` inside the pin's transaction; the latest version is kept here if it was not
 * yet (an agent made before versions were kept), so a session pinned to it still finds its
 * configuration after the next save.
 */
export async function requireKeptVersion(
  tx: Transaction,
  agent: AgentRow,
  version: number,
  path: string,
): Promise<void> {
  const current = await assertVersionExists(tx, agent, version, path);
  if (version === current.configVersion) await keepConfigVersion(tx, current);
}
