import "server-only";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { admitStream, type StreamAdmission } from "@/lib/handoffs/server/session-events/stream-limits";
import { type AttentionCounts, formatAttentionEvent } from "../attention-schemas";
import { type AttentionReach, sameCounts } from "./attention-counts";
import { subscribeAttention } from "./attention-feed";

// GET /api/v1/attention/events (docs/approvals.md#the-console): the counts when the stream opens, then
// again each time one changes. Held like an operator's session stream: it counts against
// FOCAL_EVENT_STREAMS_MAX and is freed as soon as the client goes away.

/** A comment line this often keeps proxies (nginx's default read timeout is 60 s) from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** EventSource reconnects after this long; the first event after it is the whole count again. */
const RETRY_MS = 3000;

export function openAttentionStream(
  db: Database,
  input: { reach: AttentionReach; signal: AbortSignal },
): { stream: Response } | { refused: Extract<StreamAdmission, { ok: false }> } {
  const admission = admitStream({ kind: "operator" }, env().FOCAL_EVENT_STREAMS_MAX);
  if (!admission.ok) return { refused: admission };
  const encoder = new TextEncoder();
  let last: AttentionCounts | null = null;
  let closed = false;
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const feed = subscribeAttention(db, input.reach, (counts) => {
        if (sameCounts(last, counts)) return;
        last = counts;
        write(formatAttentionEvent({ event: "counts", data: counts }));
      });
      const heartbeat = setInterval(() => write(": heartbeat\n\n"), HEARTBEAT_MS);
      const stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        feed.close();
        admission.release();
        input.signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // Already closed by a cancelled reader.
        }
      };
      cleanup = stop;
      input.signal.addEventListener("abort", stop);
      if (input.signal.aborted) return stop();
      write(`retry: ${RETRY_MS}\n\n`);
      feed.refresh();
    },
    cancel() {
      cleanup();
    },
  });
  return {
    stream: new Response(stream, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
      },
    }),
  };
}
