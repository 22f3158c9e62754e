import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { getAgentById } from "@/db/queries/agents";
import {
  committedDeliveries,
  insertDeliveries,
  lockQueuedEvent,
  markDispatched,
  subscribedWebhooks,
} from "@/db/queries/webhooks";
import type { Transaction } from "@/db/types";
import type { WebhookDeliveryRequest } from "@/lib/jobs/job-contracts";
import { getDb } from "@/lib/server/db";
import { jobQueueFor } from "@/lib/server/jobs/process-queue";
import { loggableError } from "@/lib/server/loggable-error";
import type { WebhookEventType } from "../webhook-schemas";

// Emitting an event: one delivery row per enabled webhook of the agent subscribed to its type,
// written in the caller's transaction (an event whose change rolls back is never sent), then one
// `webhook.deliver` job per row once that transaction has committed.
//
// Why after commit: the queue writes its job rows on its own connection (and pg-boss sends on its
// own pool), so a job queued from inside the caller's transaction could run before the delivery row
// exists, or for a row that then rolls back. Instead the transaction holds an advisory lock made for
// this event; a dispatcher on another connection waits for that lock (it is released when the
// transaction ends), reads which rows were committed, and queues their jobs. A process that dies in
// between leaves rows that are pending and undispatched: the `webhooks.sweep` job queues them.

export interface WebhookEvent {
  agentId: string;
  type: WebhookEventType;
  sessionId?: string | null;
  /** The event's data. Never customer message text; an operator's message only for message.operator. */
  data: Record<string, unknown>;
}

/** Queues the event for each subscribed webhook; returns the delivery ids (none when nobody listens). */
export async function queueWebhookEvent(tx: Transaction, event: WebhookEvent): Promise<string[]> {
  const targets = await subscribedWebhooks(tx, event.agentId, event.type);
  if (targets.length === 0) return [];
  const agent = await getAgentById(tx, event.agentId);
  if (!agent) return [];
  const eventId = randomUUID();
  const createdAt = new Date();
  const body = JSON.stringify({
    id: eventId,
    type: event.type,
    created_at: createdAt.toISOString(),
    agent: { key: agent.key },
    data: event.sessionId ? { session_id: event.sessionId, ...event.data } : event.data,
  });
  // A random key per event: two events never wait on each other.
  const lockKey = randomInt(-2_147_483_648, 2_147_483_647);
  await lockQueuedEvent(tx, lockKey);
  const rows = await insertDeliveries(
    tx,
    targets.map((webhook) => ({
      webhookId: webhook.id,
      agentId: event.agentId,
      sessionId: event.sessionId ?? null,
      eventId,
      eventType: event.type,
      body,
      nextAttemptAt: createdAt,
      createdAt,
    })),
  );
  const ids = rows.map((row) => row.id);
  void dispatchAfterCommit(event.agentId, lockKey, ids);
  return ids;
}

async function dispatchAfterCommit(agentId: string, lockKey: number, ids: string[]): Promise<void> {
  try {
    const db = await getDb();
    const committed = await db.transaction((tx) => committedDeliveries(tx, lockKey, ids));
    for (const id of committed) {
      if (!(await markDispatched(db, id))) continue;
      await jobQueueFor(db).enqueue("webhook.deliver", {
        agentId,
        request: { delivery_id: id, attempt: 1 } satisfies WebhookDeliveryRequest,
        createdBy: "system",
      });
    }
  } catch (error) {
    // The rows stay pending and undispatched; the sweep queues them.
    console.error("[webhooks] dispatch after commit", loggableError(error));
  }
}
