import "server-only";
import { and, arrayContains, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../schema";
import type { DbOrTx, Transaction } from "../types";

// Webhooks of an agent and their delivery log (docs/webhooks.md).

type WebhookColumns = Pick<typeof webhooks.$inferInsert, "url" | "secret" | "enabled" | "events" | "createdBy">;

export async function listAgentWebhooks(db: DbOrTx, agentId: string) {
  return db.select().from(webhooks).where(eq(webhooks.agentId, agentId)).orderBy(asc(webhooks.createdAt));
}

/** The agent's webhook with this id, or null (another agent's id is as unknown). */
export async function agentWebhook(db: DbOrTx, agentId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.agentId, agentId), eq(webhooks.id, id)));
  return row ?? null;
}

export async function webhookById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row ?? null;
}

export async function insertWebhook(db: DbOrTx, agentId: string, columns: WebhookColumns) {
  const [row] = await db
    .insert(webhooks)
    .values({ agentId, ...columns })
    .returning();
  if (!row) throw new Error("webhook insert returned nothing");
  return row;
}

export async function updateWebhookRow(
  db: DbOrTx,
  id: string,
  columns: Partial<Pick<WebhookColumns, "url" | "enabled" | "events">>,
) {
  const [row] = await db
    .update(webhooks)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(webhooks.id, id))
    .returning();
  return row ?? null;
}

export async function deleteWebhookRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

/** The agent's enabled webhooks subscribed to this event type. */
export async function subscribedWebhooks(db: DbOrTx, agentId: string, eventType: string) {
  return db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.agentId, agentId), eq(webhooks.enabled, true), arrayContains(webhooks.events, [eventType])));
}

export async function insertDeliveries(db: DbOrTx, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id });
}

/**
 * Waits, inside the caller's transaction, for the transaction that queued these deliveries to end
 * (it holds the same advisory lock until then), and returns those of them it committed.
 */
export async function committedDeliveries(tx: Transaction, lockKey: number, ids: string[]): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WEBHOOK_EVENT_NAMESPACE}::int, ${lockKey}::int)`);
  const rows = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.id, ids));
  return rows.map((row) => row.id);
}

// The two-key advisory lock space (namespace, key) of queued webhook events; 1003 is arbitrary, and
// differs from the other namespaces in advisory-locks.ts.
const WEBHOOK_EVENT_NAMESPACE = 1003;

/** Held by the transaction that queues deliveries until it commits or rolls back (committedDeliveries). */
export async function lockQueuedEvent(tx: Transaction, lockKey: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WEBHOOK_EVENT_NAMESPACE}::int, ${lockKey}::int)`);
}

/** Marks a pending delivery as handed to the queue; false when it was already. */
export async function markDispatched(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ dispatchedAt: new Date() })
    .where(
      and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, "pending"), isNull(webhookDeliveries.dispatchedAt)),
    )
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

/**
 * Pending deliveries no job will run: never handed to the queue though created before `createdBefore`
 * (the process died between commit and dispatch), or due before `overdueBefore` (their job was lost).
 */
export async function strandedDeliveries(db: DbOrTx, createdBefore: Date, overdueBefore: Date, limit: number) {
  return db
    .select({ id: webhookDeliveries.id, agentId: webhookDeliveries.agentId, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.state, "pending"),
        or(
          and(isNull(webhookDeliveries.dispatchedAt), lt(webhookDeliveries.createdAt, createdBefore)),
          lt(webhookDeliveries.nextAttemptAt, overdueBefore),
        ),
      ),
    )
    .limit(limit);
}

/** The receiver a delivery goes to: its webhook's URL, and the agent (for queueing its next attempt). */
export async function deliveryReceiver(db: DbOrTx, deliveryId: string) {
  const [row] = await db
    .select({ url: webhooks.url, agentId: webhookDeliveries.agentId })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

/** Takes attempt `attempt` of a pending delivery; null when it ended or another job took it. */
export async function claimDeliveryAttempt(db: DbOrTx, id: string, attempt: number, now: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempts: attempt, lastAttemptAt: now, dispatchedAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.state, "pending"),
        eq(webhookDeliveries.attempts, attempt - 1),
      ),
    )
    .returning();
  return row ?? null;
}

export async function recordDeliveryOutcome(
  db: DbOrTx,
  id: string,
  outcome: {
    state: "pending" | "delivered" | "failed";
    lastStatus: number | null;
    lastError: string | null;
    lastResponse: string | null;
    nextAttemptAt: Date | null;
    finishedAt: Date | null;
  },
): Promise<void> {
  await db.update(webhookDeliveries).set(outcome).where(eq(webhookDeliveries.id, id));
}

/** A webhook's latest deliveries, newest first (the body is left out: the log shows what happened). */
export async function latestDeliveries(db: DbOrTx, webhookId: string, limit: number) {
  return db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      sessionId: webhookDeliveries.sessionId,
      state: webhookDeliveries.state,
      attempts: webhookDeliveries.attempts,
      lastStatus: webhookDeliveries.lastStatus,
      lastError: webhookDeliveries.lastError,
      lastResponse: webhookDeliveries.lastResponse,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      finishedAt: webhookDeliveries.finishedAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}
