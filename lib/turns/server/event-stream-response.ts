import "server-only";
import { formatEvent, TURN_STREAM_CONTENT_TYPE, type TurnStreamEvent } from "@/lib/turns/turn-stream";

/** An event of the stream: the operator's (TurnStreamEvent) unless told, or the customer's shape. */
type StreamEvent = { event: string; data: unknown };

export interface TurnEventSink<E extends StreamEvent = TurnStreamEvent> {
  /** Writes one event; a no-op once the client has gone (the work goes on regardless). */
  send(event: E): void;
  /** False once the client disconnected or the stream closed. */
  readonly open: boolean;
}

/**
 * A text/event-stream Response fed by `produce`. `produce` starts at once and is never cancelled: a
 * client that disconnects only stops the writing, so a turn still runs to its commit exactly once.
 */
export function eventStreamResponse<E extends StreamEvent = TurnStreamEvent>(
  produce: (sink: TurnEventSink<E>) => Promise<void>,
  headers: Record<string, string> = {},
): Response {
  const encoder = new TextEncoder();
  let open = true;
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const sink: TurnEventSink<E> = {
    send(event) {
      if (!open || !controller) return;
      try {
        controller.enqueue(encoder.encode(formatEvent(event)));
      } catch {
        open = false;
      }
    },
    get open() {
      return open;
    },
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      // A comment first: proxies and clients see the stream open before the first stage ends.
      c.enqueue(encoder.encode(": turn started\n\n"));
      void produce(sink)
        .catch((error: unknown) => {
          console.error("[turn stream] producer failed", error instanceof Error ? error.name : "error");
        })
        .finally(() => {
          if (!open) return;
          open = false;
          try {
            c.close();
          } catch {
            // Already closed by a cancelled reader.
          }
        });
    },
    cancel() {
      open = false;
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": `${TURN_STREAM_CONTENT_TYPE}; charset=utf-8`,
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
      ...headers,
    },
  });
}
