import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { publishableKeys } from "../schema";
import type { DbOrTx, Transaction } from "../types";

const listed = {
  id: publishableKeys.id,
  agentId: publishableKeys.agentId,
  label: publishableKeys.label,
  prefix: publishableKeys.prefix,
  allowedOrigins: publishableKeys.allowedOrigins,
  environments: publishableKeys.environments,
  createdBy: publishableKeys.createdBy,
  createdAt: publishableKeys.createdAt,
};

export async function insertPublishableKey(
  tx: Transaction,
  row: {
    agentId: string;
    label: string;
    prefix: string;
    keyHash: string;
    allowedOrigins: string[];
    environments: string[];
    createdBy: string;
  },
) {
  const [inserted] = await tx.insert(publishableKeys).values(row).returning(listed);
  if (!inserted) throw new Error("publishable key insert returned no row");
  return inserted;
}

/** The agent's live keys, oldest first (never their hashes). */
export function livePublishableKeysOfAgent(db: DbOrTx, agentId: string) {
  return db
    .select(listed)
    .from(publishableKeys)
    .where(and(eq(publishableKeys.agentId, agentId), isNull(publishableKeys.revokedAt)))
    .orderBy(asc(publishableKeys.createdAt), asc(publishableKeys.id));
}

export async function revokeLivePublishableKey(tx: Transaction, agentId: string, id: string) {
  const [row] = await tx
    .update(publishableKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(publishableKeys.id, id), eq(publishableKeys.agentId, agentId), isNull(publishableKeys.revokedAt)))
    .returning({ id: publishableKeys.id, prefix: publishableKeys.prefix, label: publishableKeys.label });
  return row ?? null;
}

export async function livePublishableKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select(listed)
    .from(publishableKeys)
    .where(and(eq(publishableKeys.keyHash, keyHash), isNull(publishableKeys.revokedAt)));
  return row ?? null;
}

/** Every agent's live keys, for the admin page (never their hashes). */
export function livePublishableKeys(db: DbOrTx) {
  return db
    .select(listed)
    .from(publishableKeys)
    .where(isNull(publishableKeys.revokedAt))
    .orderBy(asc(publishableKeys.createdAt), asc(publishableKeys.id));
}
