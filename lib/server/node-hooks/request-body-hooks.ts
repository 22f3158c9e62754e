import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { BODY_LIMIT_BYTES, bodyKindOf, oversizedBodyIssues } from "../request-guard/body-limits";

// What the server hook (server-request-hook.ts) does about request bodies before Next.js reads one.
// Next.js hands proxy.ts a copy of the body and waits for the whole of it before it sends the proxy's
// answer, so the guard's Content-Length 413 in proxy.ts went out only once the client had sent every
// declared byte: a 20 MB Content-Length with no body held the connection open. Refused here, the
// answer goes out at once; whatever body still comes is read and dropped, never kept, and a body that
// stalls or runs on closes the connection.

const API_PREFIXES = ["/api/", "/orchestrator/"];

/** Answers 413 when the declared Content-Length passes the path's body limit (body-limits.ts); true then. */
export function refuseOversizedBody(request: IncomingMessage, response: ServerResponse): boolean {
  const declared = Number(request.headers["content-length"] ?? 0);
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  const kind = bodyKindOf(path);
  const limit = BODY_LIMIT_BYTES[kind];
  if (!(declared > limit)) return false;
  const requestId = randomUUID();
  const message = `Body is over the ${limit} byte limit.`;
  const api = API_PREFIXES.some((prefix) => path.startsWith(prefix));
  const body = api
    ? JSON.stringify({
        error: { code: "PAYLOAD_TOO_LARGE", message, request_id: requestId },
        ...(oversizedBodyIssues(kind) ? { errors: oversizedBodyIssues(kind) } : {}),
      })
    : `${message}\n`;
  response.writeHead(413, {
    "content-type": api ? "application/json" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-request-id": requestId,
  });
  response.end(body);
  dropRestOfBody(request);
  return true;
}

// A client that writes its whole body before it reads the answer (most HTTP clients) gets a reset
// instead of the 413 when the connection closes under its upload. So the rest of the body is read and
// dropped: a client sending nothing for 500 ms is cut off (the 20 MB Content-Length with no body), and
// none is read for longer than 10 s in all. A body read to its end leaves the connection as any answered
// request does (kept alive for the client's next one): closing it then would race that next request.
const DRAIN_IDLE_MS = 500;
const DRAIN_MAX_MS = 10_000;

function dropRestOfBody(request: IncomingMessage): void {
  const socket = request.socket;
  let idle: NodeJS.Timeout;
  const stop = () => {
    clearTimeout(idle);
    clearTimeout(max);
  };
  const close = () => {
    stop();
    socket.destroy();
  };
  const max = setTimeout(close, DRAIN_MAX_MS);
  const stillComing = () => {
    clearTimeout(idle);
    idle = setTimeout(close, DRAIN_IDLE_MS);
  };
  stillComing();
  request.on("data", stillComing);
  request.once("end", stop);
  socket.once("close", stop);
  request.resume();
}

/**
 * One info line when the client goes away before its body is complete (a closed tab, a dropped
 * upload): nothing failed on this side. Method and path only; the query may carry a token.
 *
 * Node ends such a request with an "aborted" ECONNRESET error, which Next.js's copy of the body
 * rethrows and its request stream feeds into a controller that may already be closed: the server
 * logged it as an uncaught exception. The request is ended without that error instead (it still
 * emits "aborted" and "close"): no answer can reach the client, and the work waiting on its body is
 * dropped with the connection, before any of it wrote anything.
 */
export function logAbortedUpload(request: IncomingMessage): void {
  const declared = request.headers["content-length"];
  if (!declared && !request.headers["transfer-encoding"]) return;
  const destroy = request.destroy.bind(request);
  request.destroy = (error?: Error) => {
    const aborted = (error as NodeJS.ErrnoException | undefined)?.code === "ECONNRESET" && !request.complete;
    return destroy(aborted ? undefined : error);
  };
  request.once("close", () => {
    if (request.complete) return;
    const path = (request.url ?? "/").split("?")[0];
    const size = declared ? ` of a ${declared}-byte body` : "";
    console.info(`[http] ${request.method} ${path}: the client closed the connection before the end${size}`);
  });
}
