import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type RoundRobinProxy, startRoundRobinProxy } from "./round-robin-proxy";

const servers: http.Server[] = [];
let proxy: RoundRobinProxy | null = null;

function upstream(name: string): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const server = http.createServer((request, response) => {
      let body = "";
      request.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      request.on("end", () => response.end(`${name}:${request.method}:${request.headers["idempotency-key"]}:${body}`));
    });
    servers.push(server);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

async function post(path: string): Promise<{ status: number; text: string; upstream: string | null }> {
  const response = await fetch(`http://127.0.0.1:${proxy?.port}${path}`, {
    method: "POST",
    headers: { "idempotency-key": "k1" },
    body: "hello",
  });
  return { status: response.status, text: await response.text(), upstream: response.headers.get("x-upstream") };
}

afterEach(async () => {
  await proxy?.close();
  proxy = null;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("round-robin proxy", () => {
  it("alternates upstreams and passes method, headers and body through", async () => {
    const a = await upstream("a");
    const b = await upstream("b");
    proxy = await startRoundRobinProxy([a.port, b.port]);
    const answers = [await post("/x"), await post("/x"), await post("/x")];
    expect(answers.map((r) => r.text)).toEqual(["a:POST:k1:hello", "b:POST:k1:hello", "a:POST:k1:hello"]);
    expect(answers.map((r) => r.upstream)).toEqual([String(a.port), String(b.port), String(a.port)]);
  });

  it("answers 502 when an upstream is gone, marks it down, and sends the rest to the living", async () => {
    const a = await upstream("a");
    const b = await upstream("b");
    proxy = await startRoundRobinProxy([a.port, b.port]);
    b.server.closeAllConnections();
    await new Promise((resolve) => b.server.close(resolve));
    const answers = [await post("/x"), await post("/x")];
    expect(answers.map((r) => r.status)).toEqual([200, 502]);
    await expect.poll(() => proxy?.upstreams[1]?.down).toBe(true);
    const after = [await post("/x"), await post("/x"), await post("/x")];
    expect(after.map((r) => r.text)).toEqual(["a:POST:k1:hello", "a:POST:k1:hello", "a:POST:k1:hello"]);
  });
});
