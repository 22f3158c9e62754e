import "server-only";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { agentConfigVersions, agentEnvironments, environmentPins, environmentPromotions, sessions } from "../schema";
import type { SplitArmRow } from "../schema/environments";
import type { DbOrTx, Transaction } from "../types";

export async function listEnvironments(db: DbOrTx, agentId: string) {
  return db
    .select()
    .from(agentEnvironments)
    .where(eq(agentEnvironments.agentId, agentId))
    .orderBy(asc(agentEnvironments.createdAt), asc(agentEnvironments.name));
}

export async function getEnvironment(db: DbOrTx, agentId: string, name: string) {
  const [row] = await db
    .select()
    .from(agentEnvironments)
    .where(and(eq(agentEnvironments.agentId, agentId), eq(agentEnvironments.name, name)));
  return row ?? null;
}

/** The environment's row under a row lock: pin changes of one environment take turns. */
export async function lockEnvironment(tx: Transaction, agentId: string, name: string) {
  const [row] = await tx
    .select()
    .from(agentEnvironments)
    .where(and(eq(agentEnvironments.agentId, agentId), eq(agentEnvironments.name, name)))
    .for("update");
  return row ?? null;
}

export async function insertEnvironment(
  tx: Transaction,
  row: { agentId: string; name: string; pinnedVersion: number | null },
) {
  const [created] = await tx.insert(agentEnvironments).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function setEnvironmentState(
  tx: Transaction,
  id: string,
  state: { pinnedVersion?: number | null; splitArms?: SplitArmRow[] | null; splitStartedAt?: Date | null },
): Promise<void> {
  await tx
    .update(agentEnvironments)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(agentEnvironments.id, id));
}

export async function deleteEnvironmentRow(tx: Transaction, id: string): Promise<void> {
  await tx.delete(agentEnvironments).where(eq(agentEnvironments.id, id));
}

export async function insertEnvironmentPin(tx: Transaction, row: typeof environmentPins.$inferInsert): Promise<void> {
  await tx.insert(environmentPins).values(row);
}

/** The environment's pins, newest first (rollback walks back through them; the page shows them). */
export async function listEnvironmentPins(db: DbOrTx, agentId: string, environment: string, limit = 50) {
  return db
    .select()
    .from(environmentPins)
    .where(and(eq(environmentPins.agentId, agentId), eq(environmentPins.environment, environment)))
    .orderBy(desc(environmentPins.createdAt), desc(environmentPins.id))
    .limit(limit);
}

/** The environment's latest sessions with at least one turn, newest first: what a promotion's impact preview replays. */
export async function recentSessionIdsOf(db: DbOrTx, agentId: string, environment: string, limit: number) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.agentId, agentId), eq(sessions.environment, environment), sql`${sessions.turnCount} > 0`))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function deleteEnvironmentPins(tx: Transaction, agentId: string, environment: string): Promise<void> {
  await tx
    .delete(environmentPins)
    .where(and(eq(environmentPins.agentId, agentId), eq(environmentPins.environment, environment)));
}

export async function isKeptVersion(db: DbOrTx, agentId: string, configVersion: number): Promise<boolean> {
  const [row] = await db
    .select({ v: agentConfigVersions.configVersion })
    .from(agentConfigVersions)
    .where(and(eq(agentConfigVersions.agentId, agentId), eq(agentConfigVersions.configVersion, configVersion)));
  return Boolean(row);
}

/**
 * Claims the environment for one promotion: false when another holds it (a claim older than
 * `staleBefore` is a promotion whose process died, and is taken over).
 */
export async function claimPromotion(
  db: DbOrTx,
  agentId: string,
  environment: string,
  staleBefore: Date,
): Promise<boolean> {
  await db
    .delete(environmentPromotions)
    .where(
      and(
        eq(environmentPromotions.agentId, agentId),
        eq(environmentPromotions.environment, environment),
        lt(environmentPromotions.startedAt, staleBefore),
      ),
    );
  const claimed = await db
    .insert(environmentPromotions)
    .values({ agentId, environment })
    .onConflictDoNothing()
    .returning({ agentId: environmentPromotions.agentId });
  return claimed.length > 0;
}

export async function releasePromotion(db: DbOrTx, agentId: string, environment: string): Promise<void> {
  await db
    .delete(environmentPromotions)
    .where(and(eq(environmentPromotions.agentId, agentId), eq(environmentPromotions.environment, environment)));
}

export async function promotionRunning(db: DbOrTx, agentId: string, environment: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(environmentPromotions)
    .where(and(eq(environmentPromotions.agentId, agentId), eq(environmentPromotions.environment, environment)));
  return Boolean(row);
}
