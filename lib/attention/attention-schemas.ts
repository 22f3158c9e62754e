import { z } from "zod";

// What waits for a person across the agents a caller reaches (docs/approvals.md#the-console): the
// sidebar's counts, GET /api/v1/attention and the `counts` events of /api/v1/attention/events.
// Client-safe: the routes, the OpenAPI document and the console share these.

export const AttentionCounts = z.object({
  /** Handoffs waiting for an operator. */
  waiting_handoffs: z.number().int().min(0),
  /** Conversations the signed-in operator holds whose customer wrote since their last reply; 0 for an API key. */
  unread_handoffs: z.number().int().min(0),
  /** Tool calls waiting for an operator's approval. */
  pending_approvals: z.number().int().min(0),
  /** Of those, the ones that expire within 5 minutes (they count as denied then). */
  expiring_approvals: z.number().int().min(0),
});
export type AttentionCounts = z.infer<typeof AttentionCounts>;

/** One event of the attention stream: the counts, sent when the stream opens and on each change. */
export const AttentionEvent = z.object({ event: z.literal("counts"), data: AttentionCounts });
export type AttentionEvent = z.infer<typeof AttentionEvent>;

export function formatAttentionEvent(event: AttentionEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** The counts of one `counts` event's data, or null when it is not one (a newer server's shape). */
export function parseAttentionCounts(data: string): AttentionCounts | null {
  try {
    const parsed = AttentionCounts.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
