import "server-only";
import { eq, sql } from "drizzle-orm";
import { customerIdentitySecrets } from "../schema";
import type { DbOrTx, Transaction } from "../types";

/** The agent's sealed identity secret, or null when it has none. */
export async function customerIdentitySecretOf(db: DbOrTx, agentId: string) {
  const [row] = await db.select().from(customerIdentitySecrets).where(eq(customerIdentitySecrets.agentId, agentId));
  return row ?? null;
}

/** Every agent's secret, without the sealed value: who set it and when, for the admin page. */
export function listCustomerIdentitySecrets(db: DbOrTx) {
  return db
    .select({
      agentId: customerIdentitySecrets.agentId,
      createdBy: customerIdentitySecrets.createdBy,
      createdAt: customerIdentitySecrets.createdAt,
    })
    .from(customerIdentitySecrets);
}

/**
 * Sets the agent's secret, replacing the one it had; returns whether there was one (a rotation). The
 * row is locked for the replace, so two rotations at once leave the later one, and both are told so.
 */
export async function replaceCustomerIdentitySecret(
  tx: Transaction,
  row: { agentId: string; sealed: string; createdBy: string },
): Promise<{ rotated: boolean; createdAt: Date }> {
  const [before] = await tx
    .select({ agentId: customerIdentitySecrets.agentId })
    .from(customerIdentitySecrets)
    .where(eq(customerIdentitySecrets.agentId, row.agentId))
    .for("update");
  const [written] = await tx
    .insert(customerIdentitySecrets)
    .values(row)
    .onConflictDoUpdate({
      target: customerIdentitySecrets.agentId,
      set: { sealed: row.sealed, createdBy: row.createdBy, createdAt: sql`now()` },
    })
    .returning({ createdAt: customerIdentitySecrets.createdAt });
  if (!written) throw new Error("customer identity secret upsert returned no row");
  return { rotated: before !== undefined, createdAt: written.createdAt };
}
