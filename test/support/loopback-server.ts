import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";

/** A request the loopback server received, its body read whole. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server on 127.0.0.1 for the whole test file (opened before its first test, closed after
 * its last): every request is recorded in `seen` (emptied before each test) and answered by `answer`.
 * `host` is `127.0.0.1:<port>` (what an allow-list names), `base` its http URL; read them inside a test.
 */
export function fileLoopbackServer(answer: (request: SeenRequest, res: http.ServerResponse) => void) {
  const seen: SeenRequest[] = [];
  let server: http.Server | undefined;
  let host = "";
  beforeAll(async () => {
    const opened = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request = {
          method: req.method ?? "",
          url: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        };
        seen.push(request);
        answer(request, res);
      });
    });
    await new Promise<void>((resolve) => opened.listen(0, "127.0.0.1", resolve));
    server = opened;
    host = `127.0.0.1:${(opened.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
  });
  return {
    seen,
    get host() {
      return host;
    },
    get base() {
      return `http://${host}`;
    },
  };
}
