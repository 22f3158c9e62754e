import "server-only";

// The shared half of the console's and the widget's live streams (a session's events, the attention
// counts): a text/event-stream that lives as long as its client. It writes a retry line, a heartbeat
// comment, and whatever its subscription writes; it stops (once) when the client goes away, the request
// aborts, a write fails, or the subscription stops it, and then closes the subscription and runs `onStop`
// (the stream's admission is released there).

/** A comment line this often keeps proxies (nginx's default read timeout is 60 s) from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

export interface LiveStreamWriter {
  /** Writes raw event-stream text; a no-op once the stream stopped. */
  write(text: string): void;
  /** Stops the stream: closes the subscription, runs `onStop`, ends the response. */
  stop(): void;
  readonly closed: boolean;
}

export interface LiveSubscription {
  /** Called once the stream is open and the retry line written: the first events. */
  begin(): void;
  close(): void;
}

export function liveEventStream(input: {
  signal: AbortSignal;
  contentType: string;
  /** EventSource reconnects after this long. */
  retryMs: number;
  /** Subscribes to what the stream carries, writing through `writer`. */
  subscribe: (writer: LiveStreamWriter) => LiveSubscription;
  onStop: () => void;
}): Response {
  const encoder = new TextEncoder();
  let closed = false;
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let heartbeat: ReturnType<typeof setInterval> | undefined;
      let subscription: LiveSubscription | undefined;
      const stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        subscription?.close();
        input.onStop();
        input.signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // Already closed by a cancelled reader.
        }
      };
      const writer: LiveStreamWriter = {
        write(text) {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        },
        stop,
        get closed() {
          return closed;
        },
      };
      subscription = input.subscribe(writer);
      heartbeat = setInterval(() => writer.write(": heartbeat\n\n"), HEARTBEAT_MS);
      cleanup = stop;
      input.signal.addEventListener("abort", stop);
      if (input.signal.aborted) return stop();
      writer.write(`retry: ${input.retryMs}\n\n`);
      subscription.begin();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": `${input.contentType}; charset=utf-8`,
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
