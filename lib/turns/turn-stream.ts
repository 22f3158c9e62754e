// Server-sent events of POST /api/v1/sessions/{id}/turns with Accept: text/event-stream. Client-safe:
// the route writes these and the sandbox reads them.

/** One pipeline stage as it completed: no attributes and no draft text, only what the stage decided. */
export interface StageEvent {
  name: string;
  status: "ok" | "error" | "skipped";
  decision: string;
  start_offset_ms: number;
  duration_ms: number;
  /** 1, or higher when the turn ran again because another instance stored a turn of the session first. */
  attempt: number;
}

/** The JSON form's 200 body: sent once, after enforcement passed the reply and the turn is stored. */
export interface TurnEventBody {
  turn_id: string;
  session_id: string;
  response: string;
  outcome: string;
  provenance: unknown;
  model_calls: number;
  latency_ms: number;
}

/**
 * The JSON form's error body, plus the status the JSON form would have answered with. A transient
 * database fault (503 DB_UNAVAILABLE or RETRY) also carries `retry_after`, the JSON form's
 * Retry-After in seconds: nothing of the turn was stored, so the client sends the same request again
 * (same Idempotency-Key) after that long.
 */
export interface ErrorEventBody {
  status: number;
  error: { code: string; message: string; request_id: string };
  errors?: unknown[];
  retry_after?: number;
}

export type TurnStreamEvent =
  | { event: "stage"; data: StageEvent }
  | { event: "turn"; data: TurnEventBody }
  | { event: "error"; data: ErrorEventBody };

export const TURN_STREAM_CONTENT_TYPE = "text/event-stream";

/** True when the request asks for the event stream (Accept names text/event-stream). */
export function wantsEventStream(accept: string | null): boolean {
  return (accept ?? "")
    .split(",")
    .some((part) => part.split(";")[0]?.trim().toLowerCase() === TURN_STREAM_CONTENT_TYPE);
}

/** One SSE block; also the customer's events (lib/widget/customer-response-schemas.ts), which have the same frame. */
export function formatEvent(event: { event: string; data: unknown }): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Reads a turn event stream to its end, calling `onEvent` per event (an SSE subset: `event:` and
 * one-line `data:` fields, blank-line separated; `:` comments ignored).
 */
export async function readTurnStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: TurnStreamEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value ?? new Uint8Array(), { stream: !done });
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const parsed = parseBlock(block);
      if (parsed) onEvent(parsed);
      cut = buffer.indexOf("\n\n");
    }
    if (done) return;
  }
}

function parseBlock(block: string): TurnStreamEvent | null {
  let name = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0 || (name !== "stage" && name !== "turn" && name !== "error")) return null;
  return { event: name, data: JSON.parse(data.join("\n")) } as TurnStreamEvent;
}
