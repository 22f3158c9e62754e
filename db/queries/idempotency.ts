import "server-only";
import { and, eq, lt } from "drizzle-orm";
import { idempotencyRecords } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// API idempotency records: one per (scope, Idempotency-Key), claimed in flight, then holding the response.

/** Drops the key's record if it expired before `now`, so the key can be claimed again. */
export async function deleteExpiredIdempotencyRecord(db: DbOrTx, scope: string, key: string, now: Date): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(
      and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key), lt(idempotencyRecords.expiresAt, now)),
    );
}

/**
 * Claims the key as in flight under the caller's record id (chosen before the insert, so a claim whose
 * answer was lost with the connection can still be released); returns the id, or null when someone
 * holds the key already.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  claim: { id: string; scope: string; key: string; requestHash: string; expiresAt: Date },
): Promise<string | null> {
  const [claimed] = await db
    .insert(idempotencyRecords)
    .values({ ...claim, status: "in_flight" })
    .onConflictDoNothing()
    .returning({ id: idempotencyRecords.id });
  return claimed?.id ?? null;
}

export async function getIdempotencyRecord(db: DbOrTx, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)));
  return row ?? null;
}

export async function completeIdempotencyRecord(
  tx: Transaction,
  id: string,
  response: { status: number; body: unknown; expiresAt: Date },
): Promise<void> {
  await tx
    .update(idempotencyRecords)
    .set({
      status: "done",
      responseStatus: response.status,
      responseBody: response.body,
      expiresAt: response.expiresAt,
    })
    .where(eq(idempotencyRecords.id, id));
}

/** Frees a key whose request failed before anything was stored (a finished record is kept). */
export async function deleteInFlightIdempotencyRecord(db: DbOrTx, id: string): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.id, id), eq(idempotencyRecords.status, "in_flight")));
}
