import "server-only";
import { and, eq } from "drizzle-orm";
import { customerProfiles, sessions } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// Writes of sessions and the customer profiles they belong to (reads: conversations.ts).

/** The customer's profile with this agent, unless it exists (a concurrent insert of it is waited for). */
export async function insertProfileIfAbsent(
  tx: Transaction,
  profile: { agentId: string; customerRef: string; profileSchemaVersion: number },
): Promise<void> {
  await tx.insert(customerProfiles).values(profile).onConflictDoNothing();
}

export async function profileIdOf(db: DbOrTx, agentId: string, customerRef: string): Promise<string | null> {
  const [profile] = await db
    .select({ id: customerProfiles.id })
    .from(customerProfiles)
    .where(and(eq(customerProfiles.agentId, agentId), eq(customerProfiles.customerRef, customerRef)));
  return profile?.id ?? null;
}

export async function insertSession(
  tx: Transaction,
  row: Pick<
    typeof sessions.$inferInsert,
    "agentId" | "customerProfileId" | "channel" | "continuityEnabled" | "createdBy" | "environment" | "configVersion"
  >,
) {
  const [session] = await tx.insert(sessions).values(row).returning();
  if (!session) throw new Error("session insert returned nothing");
  return session;
}

/** The session's state after a turn; the caller holds its row lock. */
/** null: follow the instance's flag. Returns the updated session, or null when there is none. */
export async function setSessionContinuity(db: DbOrTx, sessionId: string, enabled: boolean | null) {
  const [updated] = await db
    .update(sessions)
    .set({ continuityEnabled: enabled })
    .where(eq(sessions.id, sessionId))
    .returning();
  return updated ?? null;
}
