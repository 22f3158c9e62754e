import "server-only";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { claimDeliveryAttempt, recordDeliveryOutcome, webhookById } from "@/db/queries/webhooks";
import type { Database, JobRunRow } from "@/db/types";
import { env } from "@/lib/env";
import type { JobOutcome, JobQueue } from "@/lib/server/jobs/job-queue";
import { webhookSignature } from "./webhook-signature";
import { checkWebhookUrl, type ResolvedAddress } from "./webhook-url-policy";

// One attempt at one delivery (the `webhook.deliver` job): check the URL again (its DNS may have
// changed since it was saved), POST the stored body signed, and record what happened. Each attempt
// is its own job, queued with its delay by the one before: the queue's own retries double one delay
// (job-queue.ts), while these waits grow by a schedule of their own.
//
// The request connects to the address that was checked (its `lookup` answers with it), so a DNS
// answer that turns private between the check and the connection cannot redirect it; TLS still
// verifies the certificate against the host name.

// Waits before the retries, after the first attempt: 30 s and 2 min ride out a restart or deploy of
// the receiver, 10 min and 1 h a short outage, 6 h an overnight one. Six attempts over 7 h 12 min,
// then the delivery is failed (the log says so).
const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
// A receiver that has not answered in 10 s is counted as down; helpdesk endpoints answer in well under 1 s.
const TIMEOUT_MS = 10_000;
// What the log keeps of a receiver's answer: enough to read an error message, no more.
const RESPONSE_KEPT_CHARS = 200;

export interface AttemptReport {
  state: "pending" | "delivered" | "failed" | "skipped";
  status?: number | null;
  error?: string | null;
}

/** The `lookup` of a request that must connect to `pinned` whatever DNS says now. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function post(url: URL, headers: Record<string, string>, body: string, pinned: ResolvedAddress | null) {
  return new Promise<{ status: number; excerpt: string }>((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        ...(pinned ? { lookup: pinnedLookup(pinned) } : {}),
      },
      (response: IncomingMessage) => {
        let text = "";
        response.setEncoding("utf8");
        const done = () => resolve({ status: response.statusCode ?? 0, excerpt: text.slice(0, RESPONSE_KEPT_CHARS) });
        response.on("data", (chunk: string) => {
          text += chunk;
          // Enough of the answer is kept: the rest is not read.
          if (text.length >= RESPONSE_KEPT_CHARS) {
            response.destroy();
            done();
          }
        });
        response.on("end", done);
        // Cut short after the status came (the 10 s deadline in the body): the status still counts.
        response.on("close", done);
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function failureText(error: unknown): string {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return `no answer within ${TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: string })?.code;
  return code ? `could not connect (${code})` : "could not connect";
}

/** Attempt `attempt` of a delivery; a failure with attempts left queues the next one after its wait. */
export async function attemptDelivery(
  db: Database,
  queue: Pick<JobQueue, "enqueue">,
  deliveryId: string,
  attempt: number,
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
        { agentId: delivery.agentId, request: { delivery_id: deliveryId, attempt: attempt + 1 }, createdBy: "system" },
        { delayMs },
      );
    }
    return { state: ended, status: result.status, error: result.error } as AttemptReport;
  };
  if (!webhook.enabled) return finish("failed", { status: null, error: "the webhook was disabled", excerpt: null });
  const verdict = await checkWebhookUrl(webhook.url, env().FOCAL_TOOL_HOSTS);
  // A refused address is a configuration matter, not a passing fault: no retry.
  if (!verdict.ok)
    return finish("failed", { status: null, error: `refused: the URL ${verdict.reason}`, excerpt: null });
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": "Focal-Webhooks/1",
    "focal-webhook-id": delivery.eventId,
    "focal-webhook-timestamp": String(timestamp),
    "focal-webhook-signature": webhookSignature(webhook.secret, timestamp, delivery.body),
  };
  try {
    const { status, excerpt } = await post(new URL(webhook.url), headers, delivery.body, verdict.pinned);
    if (status >= 200 && status < 300) return finish("delivered", { status, error: null, excerpt });
    const error = status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`;
    return finish("retry", { status, error, excerpt });
  } catch (error) {
    return finish("retry", { status: null, error: failureText(error), excerpt: null });
  }
}

/** The `webhook.deliver` job: one attempt; the next is queued by this one (RETRY_DELAYS_MS), never by the queue. */
export async function runWebhookDeliveryJob(job: JobRunRow, db: Database, queue: JobQueue): Promise<JobOutcome> {
  const request = job.request as { delivery_id?: string; attempt?: number };
  const report = await attemptDelivery(db, queue, String(request.delivery_id), Number(request.attempt ?? 1));
  return { result: { ...report }, summary: { state: report.state } };
}
