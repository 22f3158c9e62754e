import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import type { OutboundTarget } from "./outbound-target";

// A request to a target `outboundTarget` admitted, answered as a fetch Response. node:http rather than
// fetch: its `lookup` option is the connection's own DNS lookup, which is where the address policy
// runs (Node's built-in fetch takes no lookup). No connection pool (`agent: false`): every request
// opens its own connection through the guarded lookup, so none rides on a socket checked for another
// request. Redirects are never followed: the caller sees the 3xx.

export type OutboundMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface OutboundInit {
  method: OutboundMethod;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  return headers;
}

export function outboundFetch(target: Extract<OutboundTarget, { ok: true }>, init: OutboundInit): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const send = target.url.protocol === "https:" ? httpsRequest : httpRequest;
    const headers = { ...init.headers };
    if (init.body !== undefined) headers["content-length"] = String(Buffer.byteLength(init.body));
    const request = send(
      target.url,
      { method: init.method, headers, signal: init.signal, lookup: target.lookup, agent: false },
      (message) => {
        const status = message.statusCode ?? 0;
        const empty = status === 204 || status === 304;
        if (empty) message.resume();
        try {
          resolve(
            new Response(empty ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>), {
              status,
              statusText: message.statusMessage,
              headers: headersOf(message),
            }),
          );
        } catch (error) {
          message.destroy();
          reject(error);
        }
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}
