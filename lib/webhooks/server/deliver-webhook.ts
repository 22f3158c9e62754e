import "server-only";
import { claimDeliveryAttempt, deliveryReceiver, recordDeliveryOutcome, webhookById } from "@/db/queries/webhooks";
import type { Database, JobRunRow } from "@/db/types";
import type { WebhookDeliveryRequest } from "@/lib/jobs/job-contracts";
import { outboundFetch } from "@/lib/outbound/outbound-fetch";
import { OutboundRefusedError, type Resolver } from "@/lib/outbound/outbound-target";
import type { JobOutcome, JobQueue } from "@/lib/server/jobs/job-queue";
import { receiverSlot } from "./receiver-slots";
import { webhookSignature } from "./webhook-signature";
import { checkWebhookUrl, webhookTarget } from "./webhook-url-policy";

// One attempt at one delivery (the `webhook.deliver` job): check the URL again (its DNS may have
// changed since it was saved), POST the stored body signed, and record what happened. Each attempt
// is its own job, queued with its delay by the one before: the queue's own retries double one delay
// (job-queue.ts), while these waits grow by a schedule of their own.
//
// Attempts run side by side (the job's `concurrency`), at most 2 per receiver origin and 16 in all
// (receiver-slots.ts). The request's connection resolves the host through the outbound address policy
// (lib/outbound/outbound-target.ts), so the address it connects to is the address checked, whatever
// DNS answered the check before; TLS still verifies the certificate against the host name.

// Waits before the retries, after the first attempt: 30 s and 2 min ride out a restart or deploy of
// the receiver, 10 min and 1 h a short outage, 6 h an overnight one. Six attempts over 7 h 12 min,
// then the delivery is failed (the log says so).
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
// A receiver that has not answered in 10 s is counted as down; helpdesk endpoints answer in well under 1 s.
const TIMEOUT_MS = 10_000;
// What the log keeps of a receiver's answer: enough to read an error message, no more.
const RESPONSE_KEPT_CHARS = 200;
// An attempt whose receiver already has its attempts in flight and waiting is queued again 2–4 s later
// (spread, so deferred attempts do not return together), as the same attempt: longer than a healthy
// receiver takes, far shorter than the first retry.
const DEFER_MS = 2_000;
const DEFER_SPREAD_MS = 2_000;
/** Attempts one process runs at once: the receivers' 16 in flight and room for those waiting their turn. */
export const DELIVERY_CONCURRENCY = 24;

export interface AttemptReport {
  state: "pending" | "delivered" | "failed" | "skipped" | "deferred";
  status?: number | null;
  error?: string | null;
}

/** The status and the first characters of the answer; the rest is not read. */
async function excerptOf(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < RESPONSE_KEPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Cut short after the status came (the deadline in the body): the status still counts.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text.slice(0, RESPONSE_KEPT_CHARS);
}

function failureText(error: unknown): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: string })?.code;
  return code ? `could not connect (${code})` : "could not connect";
}

/**
 * Attempt `attempt` of a delivery once its receiver has a free slot; a failure with attempts left
 * queues the next one after its wait. `resolve` answers DNS (tests).
 */
export async function attemptDelivery(
  db: Database,
  queue: Pick<JobQueue, "enqueue">,
  deliveryId: string,
  attempt: number,
  resolve?: Resolver,
): Promise<AttemptReport> {
  const receiver = await deliveryReceiver(db, deliveryId);
  if (!receiver) return { state: "skipped" };
  const slot = receiverSlot(URL.canParse(receiver.url) ? new URL(receiver.url).origin : receiver.url);
  if (!slot) {
    await queue.enqueue(
      "webhook.deliver",
      {
        agentId: receiver.agentId,
        request: { delivery_id: deliveryId, attempt } satisfies WebhookDeliveryRequest,
        createdBy: "system",
      },
      { delayMs: DEFER_MS + Math.round(Math.random() * DEFER_SPREAD_MS) },
    );
    return { state: "deferred" };
  }
  const release = await slot;
  try {
    return await sendAttempt(db, queue, deliveryId, attempt, resolve);
  } finally {
    release();
  }
}

async function sendAttempt(
  db: Database,
  queue: Pick<JobQueue, "enqueue">,
  deliveryId: string,
  attempt: number,
  resolve: Resolver | undefined,
): Promise<AttemptReport> {
  const now = new Date();
  const delivery = await claimDeliveryAttempt(db, deliveryId, attempt, now);
  if (!delivery) return { state: "skipped" };
  const webhook = await webhookById(db, delivery.webhookId);
  if (!webhook) return { state: "skipped" };
  const finish = async (
    state: "delivered" | "failed" | "retry",
    result: { status: number | null; error: string | null; excerpt: string | null },
  ) => {
    const retry = state === "retry" && attempt <= RETRY_DELAYS_MS.length;
    const delayMs = retry ? RETRY_DELAYS_MS[attempt - 1] : undefined;
    const ended = state === "delivered" ? "delivered" : retry ? "pending" : "failed";
    await recordDeliveryOutcome(db, deliveryId, {
      state: ended,
      lastStatus: result.status,
      lastError: result.error,
      lastResponse: result.excerpt,
      nextAttemptAt: delayMs === undefined ? null : new Date(Date.now() + delayMs),
      finishedAt: ended === "pending" ? null : new Date(),
    });
    if (delayMs !== undefined) {
      await queue.enqueue(
        "webhook.deliver",
        {
          agentId: delivery.agentId,
          request: { delivery_id: deliveryId, attempt: attempt + 1 } satisfies WebhookDeliveryRequest,
          createdBy: "system",
        },
        { delayMs },
      );
    }
    return { state: ended, status: result.status, error: result.error } as AttemptReport;
  };
  if (!webhook.enabled) return finish("failed", { status: null, error: "the webhook was disabled", excerpt: null });
  // A refused address is a configuration matter, not a passing fault: no retry.
  const refused = (reason: string) =>
    finish("failed", { status: null, error: `refused: the URL ${reason}`, excerpt: null });
  const verdict = await checkWebhookUrl(webhook.url, resolve);
  if (!verdict.ok) return refused(verdict.reason);
  const target = webhookTarget(webhook.url, resolve);
  if (!target.ok) return refused(target.reason);
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "Focal-Webhooks/1",
    "focal-webhook-id": delivery.eventId,
    "focal-webhook-timestamp": String(timestamp),
    "focal-webhook-signature": webhookSignature(webhook.secret, timestamp, delivery.body),
  };
  try {
    const response = await outboundFetch(target, {
      method: "POST",
      headers,
      body: delivery.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const status = response.status;
    const excerpt = await excerptOf(response);
    if (status >= 200 && status < 300) return finish("delivered", { status, error: null, excerpt });
    const error = status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`;
    return finish("retry", { status, error, excerpt });
  } catch (error) {
    // The connection's own lookup found the name pointing inward (its DNS changed since the check).
    if (error instanceof OutboundRefusedError) return refused(error.message);
    return finish("retry", { status: null, error: failureText(error), excerpt: null });
  }
}

/** The `webhook.deliver` job: one attempt; the next is queued by this one (RETRY_DELAYS_MS), never by the queue. */
export async function runWebhookDeliveryJob(job: JobRunRow, db: Database, queue: JobQueue): Promise<JobOutcome> {
  const request = job.request as Partial<WebhookDeliveryRequest>;
  const report = await attemptDelivery(db, queue, String(request.delivery_id), Number(request.attempt ?? 1));
  return { result: { ...report }, summary: { state: report.state } };
}
