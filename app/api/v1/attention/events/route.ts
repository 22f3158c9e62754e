import { AttentionEvent } from "@/lib/attention/attention-schemas";
import { openAttentionStream } from "@/lib/attention/server/attention-stream";
import { reachableAgentIds } from "@/lib/server/access/agent-access";
import { defineRoute, passThrough } from "@/lib/server/define-route";
import { streamRefusal } from "@/lib/server/live-events/stream-refusal";

// GET /api/v1/attention/events → text/event-stream of `counts` events: the counts of GET /attention
// when it opens and on each change, for the console's sidebar and lists (docs/approvals.md#the-console).
export const GET = defineRoute(
  { scope: "handoffs:read", response: AttentionEvent },
  async ({ db, principal, request, requestId }) => {
    const opened = openAttentionStream(db, {
      // Read once, now: the grant the stream was opened with holds until it reconnects.
      reach: { agentIds: reachableAgentIds(), operatorId: principal.kind === "operator" ? principal.id : null },
      signal: request.signal,
    });
    return "stream" in opened ? passThrough(opened.stream) : streamRefusal(opened.refused, requestId);
  },
);
