import "server-only";
import type { Database } from "@/db/types";
import { env } from "@/lib/env";
import { admitStream, type StreamAdmission } from "@/lib/handoffs/server/session-events/stream-limits";
import { liveEventStream } from "@/lib/server/live-events/live-event-stream";
import { type AttentionCounts, formatAttentionEvent } from "../attention-schemas";
import { type AttentionReach, sameCounts } from "./attention-counts";
import { subscribeAttention } from "./attention-feed";

// GET /api/v1/attention/events (docs/approvals.md#the-console): the counts when the stream opens, then
// again each time one changes. Held like an operator's session stream: it counts against
// FOCAL_EVENT_STREAMS_MAX and is freed as soon as the client goes away.

/** EventSource reconnects after this long; the first event after it is the whole count again. */
const RETRY_MS = 3000;

export function openAttentionStream(
  db: Database,
  input: { reach: AttentionReach; signal: AbortSignal },
): { stream: Response } | { refused: Extract<StreamAdmission, { ok: false }> } {
  const admission = admitStream({ kind: "operator" }, env().FOCAL_EVENT_STREAMS_MAX);
  if (!admission.ok) return { refused: admission };
  let last: AttentionCounts | null = null;
  const stream = liveEventStream({
    signal: input.signal,
    contentType: "text/event-stream",
    retryMs: RETRY_MS,
    onStop: admission.release,
    subscribe: (writer) => {
      const feed = subscribeAttention(db, input.reach, (counts) => {
        if (sameCounts(last, counts)) return;
        last = counts;
        writer.write(formatAttentionEvent({ event: "counts", data: counts }));
      });
      return { begin: feed.refresh, close: feed.close };
    },
  });
  return { stream };
}
