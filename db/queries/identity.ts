import "server-only";
import { asc, count, desc, gt } from "drizzle-orm";
import { apiKeys, authSessions, operators } from "../schema";
import type { DbOrTx } from "../types";

export async function listOperators(db: DbOrTx) {
  const [rows, live] = await Promise.all([
    db.select().from(operators).orderBy(asc(operators.email)),
    db
      .select({ userId: authSessions.userId, n: count() })
      .from(authSessions)
      .where(gt(authSessions.expiresAt, new Date()))
      .groupBy(authSessions.userId),
  ]);
  const sessions = new Map(live.map((r) => [r.userId, r.n]));
  return rows.map((op) => ({
    id: op.id,
    email: op.email,
    name: op.name,
    role: op.role,
    disabled: op.disabled,
    createdAt: op.createdAt,
    activeSessions: sessions.get(op.id) ?? 0,
  }));
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
