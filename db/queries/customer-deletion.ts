import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { customerProfiles, idempotencyRecords, sessions, turns } from "../schema";
import type { DbOrTx } from "../types";

/** Every profile a customer has, one per agent (the API's customer_id is the profile's customer_ref). */
export async function profilesOfCustomer(db: DbOrTx, customerRef: string) {
  return db
    .select({ id: customerProfiles.id, agentId: customerProfiles.agentId })
    .from(customerProfiles)
    .where(eq(customerProfiles.customerRef, customerRef));
}

export async function sessionIdsOfProfiles(db: DbOrTx, profileIds: string[]): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(inArray(sessions.customerProfileId, profileIds));
  return rows.map((r) => r.id);
}

/**
 * Deletes up to `limit` turns of these sessions, their spans, tapes and loops going with them (foreign
 * keys cascade in the same statement, so no turn is ever left without its spans). Returns their ids,
 * so the reports that quoted them can be cleaned next.
 */
export async function deleteTurnBatch(db: DbOrTx, sessionIds: string[], limit: number): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const batch = db.select({ id: turns.id }).from(turns).where(inArray(turns.sessionId, sessionIds)).limit(limit);
  const deleted = await db.delete(turns).where(inArray(turns.id, batch)).returning({ id: turns.id });
  return deleted.map((row) => row.id);
}

/** Stored API responses of these sessions' turns (they hold the replies). */
export async function deleteIdempotencyOfSessions(db: DbOrTx, sessionIds: string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .delete(idempotencyRecords)
    .where(inArray(sql`${idempotencyRecords.responseBody} ->> 'session_id'`, sessionIds));
}

/** The profiles, and with them their sessions (what is left of them: state, goal, continuity). */
export async function deleteProfiles(db: DbOrTx, profileIds: string[]): Promise<number> {
  if (profileIds.length === 0) return 0;
  const deleted = await db
    .delete(customerProfiles)
    .where(inArray(customerProfiles.id, profileIds))
    .returning({ id: customerProfiles.id });
  return deleted.length;
}
