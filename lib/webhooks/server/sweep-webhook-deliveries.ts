import "server-only";
import { strandedDeliveries } from "@/db/queries/webhooks";
import type { Database } from "@/db/types";
import type { WebhookDeliveryRequest } from "@/lib/jobs/job-contracts";
import type { JobQueue } from "@/lib/server/jobs/job-queue";

// The periodic `webhooks.sweep`: queues the pending deliveries no job will run. A delivery never
// handed to the queue a minute after it was written lost its dispatcher (the process died between
// the commit and the dispatch); one whose attempt is 15 minutes late lost its job. A job queued twice
// is harmless: each attempt is claimed by its number (claimDeliveryAttempt), so only one runs.

const UNDISPATCHED_AFTER_MS = 60_000;
const OVERDUE_AFTER_MS = 15 * 60_000;
// One run's bound; the next run, 10 minutes on, takes the rest.
const SWEEP_LIMIT = 500;

export async function sweepWebhookDeliveries(db: Database, queue: JobQueue): Promise<{ requeued: number }> {
  const now = Date.now();
  const stranded = await strandedDeliveries(
    db,
    new Date(now - UNDISPATCHED_AFTER_MS),
    new Date(now - OVERDUE_AFTER_MS),
    SWEEP_LIMIT,
  );
  for (const row of stranded) {
    await queue.enqueue("webhook.deliver", {
      agentId: row.agentId,
      request: { delivery_id: row.id, attempt: row.attempts + 1 } satisfies WebhookDeliveryRequest,
      createdBy: "system",
    });
  }
  return { requeued: stranded.length };
}
