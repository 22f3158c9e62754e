import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { agentRoleGrants, agents } from "../schema";
import type { DbOrTx, Transaction } from "../types";

/** An operator's per-agent roles (none: their own role on every agent). */
export async function grantsOfOperator(db: DbOrTx, operatorId: string): Promise<{ agentId: string; role: string }[]> {
  return db
    .select({ agentId: agentRoleGrants.agentId, role: agentRoleGrants.role })
    .from(agentRoleGrants)
    .where(eq(agentRoleGrants.operatorId, operatorId));
}

/** Every grant with its agent's key and name, for the Users & keys page. */
export async function listAgentGrants(db: DbOrTx) {
  return db
    .select({
      operatorId: agentRoleGrants.operatorId,
      agentId: agentRoleGrants.agentId,
      agentKey: agents.key,
      agentName: agents.name,
      role: agentRoleGrants.role,
    })
    .from(agentRoleGrants)
    .innerJoin(agents, eq(agents.id, agentRoleGrants.agentId))
    .orderBy(asc(agents.name));
}

/** Sets (or replaces) a grant; returns the role it had before, or null when it is new. */
export async function upsertAgentGrant(
  tx: Transaction,
  grant: { operatorId: string; agentId: string; role: string; createdBy: string },
): Promise<string | null> {
  const [before] = await tx
    .select({ role: agentRoleGrants.role })
    .from(agentRoleGrants)
    .where(and(eq(agentRoleGrants.operatorId, grant.operatorId), eq(agentRoleGrants.agentId, grant.agentId)))
    .for("update");
  await tx
    .insert(agentRoleGrants)
    .values(grant)
    .onConflictDoUpdate({ target: [agentRoleGrants.operatorId, agentRoleGrants.agentId], set: { role: grant.role } });
  return before?.role ?? null;
}

/** Removes a grant; returns its role, or null when there was none. */
export async function deleteAgentGrant(tx: Transaction, operatorId: string, agentId: string): Promise<string | null> {
  const [gone] = await tx
    .delete(agentRoleGrants)
    .where(and(eq(agentRoleGrants.operatorId, operatorId), eq(agentRoleGrants.agentId, agentId)))
    .returning({ role: agentRoleGrants.role });
  return gone?.role ?? null;
}

/** Which of these agent keys exist, with their ids (a key limited to agents names them by key). */
export async function agentIdsByKeys(db: DbOrTx, keys: string[]): Promise<{ id: string; key: string }[]> {
  if (keys.length === 0) return [];
  return db.select({ id: agents.id, key: agents.key }).from(agents).where(inArray(agents.key, keys));
}
