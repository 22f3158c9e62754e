import "server-only";
import { and, asc, count, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import { apiKeys, authAccounts, authSessions, operators } from "../schema";
import type { DbOrTx, Transaction } from "../types";

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
      agentIds: apiKeys.agentIds,
      createdBy: apiKeys.createdBy,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .orderBy(desc(apiKeys.createdAt));
}

export async function getOperator(db: DbOrTx, id: string) {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row ?? null;
}

export async function operatorIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.email, email));
  return row?.id ?? null;
}

/** Whether the operator is disabled; null when there is no such operator. */
export async function operatorDisabled(db: DbOrTx, id: string): Promise<boolean | null> {
  const [row] = await db.select({ disabled: operators.disabled }).from(operators).where(eq(operators.id, id));
  return row ? row.disabled : null;
}

/** The email of an admin (any one), or null before the first admin exists. */
export async function anyAdminEmail(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ email: operators.email }).from(operators).where(eq(operators.role, "admin"));
  return row?.email ?? null;
}

/** The operator and its credential account, the rows better-auth's email sign-up writes. */
export async function insertOperatorWithCredential(
  tx: Transaction,
  operator: Pick<typeof operators.$inferInsert, "id" | "email" | "name" | "role" | "emailVerified">,
  account: Pick<typeof authAccounts.$inferInsert, "id" | "password">,
): Promise<void> {
  await tx.insert(operators).values(operator);
  await tx.insert(authAccounts).values({
    id: account.id,
    accountId: operator.id,
    providerId: "credential",
    userId: operator.id,
    password: account.password,
  });
}

export async function setOperatorRole(tx: Transaction, id: string, role: string): Promise<void> {
  await tx.update(operators).set({ role, updatedAt: new Date() }).where(eq(operators.id, id));
}

export async function setOperatorDisabledFlag(tx: Transaction, id: string, disabled: boolean): Promise<void> {
  await tx.update(operators).set({ disabled, updatedAt: new Date() }).where(eq(operators.id, id));
}

/** Ends every session of the operator; returns how many there were. */
export async function deleteOperatorSessions(tx: Transaction, operatorId: string): Promise<number> {
  const ended = await tx
    .delete(authSessions)
    .where(eq(authSessions.userId, operatorId))
    .returning({ id: authSessions.id });
  return ended.length;
}

/** Every admin, the rows locked until the transaction ends. */
export async function lockAdmins(tx: Transaction) {
  return tx
    .select({ id: operators.id, disabled: operators.disabled })
    .from(operators)
    .where(eq(operators.role, "admin"))
    .for("update");
}

export async function insertApiKey(
  tx: Transaction,
  row: Pick<typeof apiKeys.$inferInsert, "name" | "prefix" | "keyHash" | "scopes" | "agentIds" | "createdBy">,
): Promise<string> {
  const [inserted] = await tx.insert(apiKeys).values(row).returning({ id: apiKeys.id });
  if (!inserted) throw new Error("api key insert returned nothing");
  return inserted.id;
}

/** Revokes a live key; null when it is unknown or already revoked. */
export async function revokeLiveApiKey(tx: Transaction, id: string) {
  const [revoked] = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, prefix: apiKeys.prefix });
  return revoked ?? null;
}

/** The key with this hash, unless revoked. */
export async function liveApiKeyByHash(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row ?? null;
}

/** The id of the key with this hash, revoked or not. */
export async function apiKeyIdByHash(db: DbOrTx, keyHash: string): Promise<string | null> {
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
  return row?.id ?? null;
}

/** Stamps last_used_at unless another request did since `staleBefore`. */
export async function touchApiKey(db: DbOrTx, id: string, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
}
