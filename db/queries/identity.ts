import "server-only";
import { asc, desc, eq, sql } from "drizzle-orm";
import { apiKeys, authSessions, operators } from "../schema";
import type { DbOrTx } from "../types";

export async function listOperators(db: DbOrTx) {
  return db
    .select({
      id: operators.id,
      email: operators.email,
      name: operators.name,
      role: operators.role,
      disabled: operators.disabled,
      createdAt: operators.createdAt,
      activeSessions: sql<number>`(select count(*)::int from ${authSessions} where ${authSessions.userId} = ${operators.id} and ${authSessions.expiresAt} > now())`,
    })
    .from(operators)
    .orderBy(asc(operators.email));
}

export async function listApiKeys(db: DbOrTx) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .orderBy(desc(apiKeys.createdAt));
}

export async function getOperatorById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}
