import { z } from "zod";
import { APPROVAL_STATES } from "../approvals/approval-schemas";
import { SESSION_MODES, TranscriptMessage } from "./handoff-schemas";

// Server-sent events of GET /api/v1/sessions/{id}/events (docs/handoffs.md#live-events). Client-safe:
// the route writes these; channels, the console, the tests and the benchmark read them.

export const SESSION_EVENTS_CONTENT_TYPE = "text/event-stream";

/** The session's mode: sent once when the stream opens, then on each change. */
export const ModeEventData = z.object({ session_id: z.string().uuid(), mode: z.enum(SESSION_MODES) });

/**
 * A tool call of the session waiting for an operator, or decided (docs/approvals.md): sent for each
 * approval when the stream opens and again on each change of its state.
 */
export const ApprovalEventData = z.object({
  session_id: z.string().uuid(),
  approval_id: z.string().uuid(),
  tool_key: z.string(),
  state: z.enum(APPROVAL_STATES),
});

/** The session was deleted; the stream ends. */
export const GoneEventData = z.object({ session_id: z.string().uuid() });

export const SessionEvent = z.discriminatedUnion("event", [
  /** One transcript line, in transcript order; the SSE `id` is its id, the `after` cursor of /messages. */
  z.object({ event: z.literal("message"), data: TranscriptMessage }),
  z.object({ event: z.literal("mode"), data: ModeEventData }),
  z.object({ event: z.literal("approval"), data: ApprovalEventData }),
  z.object({ event: z.literal("gone"), data: GoneEventData }),
]);
export type SessionEvent = z.infer<typeof SessionEvent>;

/**
 * Reads a session event stream until it ends or `onEvent` returns false (an SSE subset: `event:`,
 * `id:` and one-line `data:` fields, blank-line separated; comments and unknown events ignored).
 */
export async function readSessionEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SessionEvent) => boolean | undefined,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
      let cut = buffer.indexOf("\n\n");
      while (cut >= 0) {
        const parsed = parseBlock(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        if (parsed && onEvent(parsed) === false) return;
        cut = buffer.indexOf("\n\n");
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function parseBlock(block: string): SessionEvent | null {
  let name = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  const parsed = SessionEvent.safeParse({ event: name, data: JSON.parse(data.join("\n")) });
  return parsed.success ? parsed.data : null;
}
