import "server-only";
import { eq, lt, sql } from "drizzle-orm";
import { signInThrottles } from "../schema";
import type { DbOrTx } from "../types";

// Every step is one statement on the database clock, so concurrent attempts on several instances
// count exactly once each and nobody's clock skew matters.

export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole seconds until the next attempt may pass (0 when allowed). */
  retryAfterSeconds: number;
}

const secondsUntil = (column: typeof signInThrottles.expiresAt | typeof signInThrottles.blockedUntil) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${column} - now()))))::int`;

/** Fixed window of `windowSeconds`: counts this attempt and refuses past `max`. */
export async function countWindowAttempt(
  db: DbOrTx,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<ThrottleVerdict> {
  const t = signInThrottles;
  const expired = sql`${t.expiresAt} <= now()`;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, expiresAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${expired} then 1 else ${t.count} + 1 end`,
        expiresAt: sql`case when ${expired} then now() + make_interval(secs => ${windowSeconds}) else ${t.expiresAt} end`,
      },
    })
    .returning({ count: t.count, retryAfterSeconds: secondsUntil(t.expiresAt) });
  if (!row || row.count <= max) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: row.retryAfterSeconds };
}

/** Takes back one attempt `countWindowAttempt` counted (it turned out right: only wrong ones count). */
export async function uncountWindowAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(signInThrottles)
    .set({ count: sql`greatest(0, ${signInThrottles.count} - 1)` })
    .where(eq(signInThrottles.key, key));
}

/**
 * Claims an attempt on a backoff key: refused while it is blocked; otherwise counts the attempt and
 * blocks the key for `delaySecondsSql(count)` from now, so concurrent attempts get one slot between
 * them. The count forgets after `idleSeconds` without attempts.
 */
export async function claimBackoffAttempt(
  db: DbOrTx,
  key: string,
  options: { freeAttempts: number; maxDelaySeconds: number; idleSeconds: number },
): Promise<ThrottleVerdict> {
  const t = signInThrottles;
  const expired = sql`${t.expiresAt} <= now()`;
  const next = sql`(case when ${expired} then 1 else ${t.count} + 1 end)`;
  // Attempt n past the free ones waits 2^(n - free) s before the next, capped: 2, 4, 8, … 60.
  const delay = sql`least(${options.maxDelaySeconds}, power(2, greatest(0, ${next} - ${options.freeAttempts})))`;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, expiresAt: sql`now() + make_interval(secs => ${options.idleSeconds})` })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: next,
        blockedUntil: sql`case when ${next} > ${options.freeAttempts} then now() + make_interval(secs => ${delay}) else null end`,
        expiresAt: sql`now() + make_interval(secs => ${options.idleSeconds})`,
      },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= now() or ${expired}`,
    })
    .returning({ count: t.count });
  if (row) return { allowed: true, retryAfterSeconds: 0 };
  const [blocked] = await db
    .select({ retryAfterSeconds: secondsUntil(t.blockedUntil) })
    .from(t)
    .where(eq(t.key, key));
  return { allowed: false, retryAfterSeconds: blocked?.retryAfterSeconds ?? 1 };
}

/** Marks a key for `ttlSeconds` (e.g. an address that signed in to an account). */
export async function markThrottleKey(db: DbOrTx, key: string, ttlSeconds: number): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlSeconds})`;
  await db
    .insert(signInThrottles)
    .values({ key, count: 1, expiresAt })
    .onConflictDoUpdate({ target: signInThrottles.key, set: { expiresAt } });
}

export async function isThrottleKeyMarked(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: signInThrottles.key })
    .from(signInThrottles)
    .where(sql`${signInThrottles.key} = ${key} and ${signInThrottles.expiresAt} > now()`);
  return row !== undefined;
}

export async function clearThrottleKey(db: DbOrTx, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}

/** Rows past their expiry decide nothing any more; how many went. */
export async function pruneThrottles(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(signInThrottles)
    .where(lt(signInThrottles.expiresAt, sql`now()`))
    .returning({ key: signInThrottles.key });
  return gone.length;
}
