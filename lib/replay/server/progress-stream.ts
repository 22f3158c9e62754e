import "server-only";
import { AppError } from "@/lib/server/errors";
import { loggableError } from "@/lib/server/loggable-error";

/**
 * A long read-only job as newline-delimited JSON: `{type:"progress", done, total}` lines while it
 * runs (at most one per 100 ms), then `{type:"result", result}` or `{type:"error", code, message}`.
 * The client shows progress and cancels by closing the request.
 */
export function ndjsonProgressResponse<T>(
  run: (onProgress: (done: number, total: number) => void) => Promise<T>,
  requestId: string,
): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch {
          // The client went away; the job notices through the request's abort signal.
        }
      };
      let last = 0;
      try {
        const result = await run((done, total) => {
          const now = Date.now();
          if (now - last < 100 && done < total) return;
          last = now;
          send({ type: "progress", done, total });
        });
        send({ type: "result", result });
      } catch (error) {
        if (error instanceof AppError && error.httpStatus < 500) {
          send({ type: "error", code: error.code, message: error.message, errors: error.issues ?? [] });
        } else {
          console.error(`[ndjson] request ${requestId}`, loggableError(error));
          send({ type: "error", code: "INTERNAL", message: `Internal error (request ${requestId}).` });
        }
      } finally {
        try {
          controller.close();
        } catch {
          // Already closed by a cancelled client.
        }
      }
    },
  });
  return new Response(stream, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
  });
}
