import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installServerRequestHook } from "./server-request-hook";

// The server hook on a real HTTP server on 127.0.0.1, with a handler standing in for Next.js.

let server: Server;
let port: number;
const reached: string[] = [];
// Next.js listens for a request's errors (its copy of the body rethrows them): an abort must raise none.
const requestErrors: unknown[] = [];

beforeAll(async () => {
  installServerRequestHook();
  server = createServer((request: IncomingMessage, response) => {
    reached.push(request.url ?? "");
    request.on("data", () => {});
    request.on("error", (error) => requestErrors.push(error));
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends `head` (and `body`) on a raw socket; what came back, and when the server closed it. */
function raw(head: string, body = "", options: { abortAfterMs?: number } = {}) {
  return new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("close", () => resolve({ text, closedAfterMs: Date.now() - started }));
    socket.on("error", reject);
    socket.write(head + body);
    if (options.abortAfterMs !== undefined) setTimeout(() => socket.destroy(), options.abortAfterMs);
  });
}

// A request the hook lets through asks the server to close after answering: raw() waits for the close,
// and a kept-alive socket would hold it for the server's 5 s keep-alive timeout.
const post = (path: string, length: number, connection: "keep-alive" | "close" = "keep-alive") =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("refuseOversizedBody", () => {
  it("answers a 20 MB Content-Length with 413 at once, without a byte of body, and closes the connection", async () => {
    const { text, closedAfterMs } = await raw(post("/api/v1/agents/refund-desk/sessions?x=1", 20 * 1024 * 1024));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(closedAfterMs).toBeLessThan(1_000);
    expect(reached).not.toContain("/api/v1/agents/refund-desk/sessions?x=1");
  });

  it("a client that sends its whole 20 MB body before reading gets the 413, not a reset", async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, "a");
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: "127.0.0.1", port, method: "POST", path: "/api/v1/orchestrator/loop-complete" },
        (incoming) => {
          let text = "";
          incoming.setEncoding("utf8");
          incoming.on("data", (chunk: string) => {
            text += chunk;
          });
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, text }));
        },
      );
      outgoing.on("error", reject);
      outgoing.setHeader("content-type", "application/json");
      outgoing.setHeader("content-length", big.length);
      outgoing.end(big);
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(reached).not.toContain("/api/v1/orchestrator/loop-complete");
  });

  it("holds each path to its own kind's limit: a 3 MiB bundle import passes, a page gets plain text", async () => {
    const page = await raw(post("/agents", 2 * 1024 * 1024));
    expect(page.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(page.text).toContain("Body is over the 1048576 byte limit.");
    const body = "x".repeat(3 * 1024 * 1024);
    const bundle = await raw(post("/api/v1/agents/import", body.length, "close"), body);
    expect(bundle.text).toMatch(/^HTTP\/1\.1 204 /);
    expect(reached).toContain("/api/v1/agents/import");
  });

  it("an upload may declare 20 MiB + 64 KiB; one byte more is refused at once, naming `file`", async () => {
    const path = "/api/v1/agents/desk/knowledge/files";
    const refused = await raw(post(path, 20 * 1024 * 1024 + 64 * 1024 + 1));
    expect(refused.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.text).toContain('"errors":[{"path":"file","message":"The file is over the 20 MB a file may be"}]');
    expect(reached).not.toContain(path);
    // Within the limit the hook lets it through: the route counts the file itself while it streams.
    const body = "x".repeat(2 * 1024 * 1024);
    const passed = await raw(post(path, body.length, "close"), body);
    expect(passed.text).toMatch(/^HTTP\/1\.1 204 /);
    expect(reached).toContain(path);
  });
});

describe("logAbortedUpload", () => {
  it("logs one info line when the client leaves mid-body, and raises no error", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const errors: unknown[] = [];
    const collect = (error: unknown) => errors.push(error);
    process.on("uncaughtException", collect);
    try {
      await raw(post("/api/v1/sessions/s-1/turns?token=secret", 1000), "x".repeat(100), { abortAfterMs: 100 });
      await vi.waitFor(() => expect(info).toHaveBeenCalledTimes(1));
      const line = String(info.mock.calls[0]?.[0]);
      expect(line).toBe(
        "[http] POST /api/v1/sessions/s-1/turns: the client closed the connection before the end of a 1000-byte body",
      );
      expect(line).not.toContain("secret");
      expect(errors).toEqual([]);
      expect(requestErrors).toEqual([]);
    } finally {
      process.off("uncaughtException", collect);
      info.mockRestore();
    }
  });
});
