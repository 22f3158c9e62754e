import "server-only";
import { sql } from "drizzle-orm";
import type { Transaction } from "@/db/types";

// Transaction-scoped advisory locks, so concurrent requests on every app instance see each other's
// writes. The two-key form (namespace, hashtext(name)) lives in a different lock space from the
// ledger's one-key lock, so the two never contend by accident; 1001/1002 are arbitrary.
const LOOP_FAMILY_NAMESPACE = 1001;
const BIAS_TAG_NAMESPACE = 1002;

/** Completions and overrides of one loop family run one at a time: rerun ids and counts stay exact. */
export async function lockLoopFamily(tx: Transaction, familyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOOP_FAMILY_NAMESPACE}::int, hashtext(${familyId}))`);
}

/**
 * The bias history is global: two families flagging the same tag at once must not both read 2 and
 * miss the third occurrence. Tags are locked in sorted order (after the family lock), so two
 * completions never wait on each other in opposite orders.
 */
export async function lockBiasTags(tx: Transaction, tags: readonly string[]): Promise<void> {
  for (const tag of [...new Set(tags)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${BIAS_TAG_NAMESPACE}::int, hashtext(${tag}))`);
  }
}
