import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import type { Transaction } from "../types";

// Transaction-scoped advisory locks, so concurrent requests on every app instance (and every pooled
// connection) wait for each other. The one-key numbers are arbitrary; they only have to differ from
// each other and be the same for every writer. The two-key form (namespace, hashtext(name)) lives in a
// different lock space from the one-key locks, so the two never contend by accident; 1001/1002 are
// arbitrary too.
const LEDGER_GLOBAL_CHAIN_LOCK = 7_465_021;
const FIRST_START_LOCK = 7_465_022;
const KNOWLEDGE_STORE_LOCK = 7_465_023;
const LOOP_FAMILY_NAMESPACE = 1001;
const BIAS_TAG_NAMESPACE = 1002;

/** Appenders of the global ledger chain (and anchors) take turns, so its chain_seq stays gap-free. */
export async function lockLedgerGlobalChain(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_GLOBAL_CHAIN_LOCK})`);
}

/** Instances starting at once on an empty database provision the admin, keys and demo one at a time. */
export async function lockFirstStart(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`);
}

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

/**
 * Writers of knowledge sets hold this lock shared until they commit; the cleanup of unreferenced sets
 * and passages takes it alone, so it never deletes a passage an uncommitted set is about to use.
 */
export async function shareKnowledgeStoreLock(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${KNOWLEDGE_STORE_LOCK})`);
}

/** The knowledge store's lock alone, without waiting: false while a knowledge set is being written. */
export async function tryKnowledgeStoreLock(tx: Transaction): Promise<boolean> {
  const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${KNOWLEDGE_STORE_LOCK}) as locked`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}
