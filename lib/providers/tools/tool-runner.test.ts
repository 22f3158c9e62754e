import { describe, expect, it, vi } from "vitest";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import { fileLoopbackServer } from "@/test/support/loopback-server";
import { buildToolUrl } from "./http-templates";
import { createToolRunner } from "./tool-runner";

// A loopback HTTP server stands in for the tool endpoints; it is listed explicitly as "127.0.0.1:PORT"
// (loopback is private, so only an exact entry unlocks it).

const receiver = fileLoopbackServer((request, res) => {
  const path = request.url.split("?")[0] ?? "";
  if (path.startsWith("/orders/")) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ id: decodeURIComponent(path.slice(8)), status: "delivered", amount: 75 }));
  } else if (path === "/echo") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ method: request.method, received: JSON.parse(request.body || "null") }));
  } else if (path === "/text") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("Order 123 is on its way");
  } else if (path === "/slow") {
    // never answers
  } else if (path === "/big") {
    res.writeHead(200, { "content-type": "application/json", "content-length": "5000" });
    res.end(`"${"x".repeat(4998)}"`);
  } else if (path === "/big-chunked") {
    res.writeHead(200, { "content-type": "text/plain" });
    for (let i = 0; i < 10; i++) res.write("y".repeat(500));
    res.end();
  } else if (path === "/fail") {
    res.writeHead(503, { "content-type": "application/json" });
    res.end('{"error":"down"}');
  } else if (path === "/redirect") {
    res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data" });
    res.end();
  } else {
    res.writeHead(404);
    res.end();
  }
});
const { seen } = receiver;

function httpTool(output: Record<string, unknown>): EngineTool {
  return {
    id: "t1",
    key: "remote",
    name: "Remote",
    description: "",
    kind: "http",
    inputSchema: {},
    output: { method: "GET", variables: {}, ...output },
  };
}

describe("tool runner", () => {
  it("returns a static tool's data as a deep copy", async () => {
    const [demoTool] = demo.tools;
    if (!demoTool) throw new Error("demo has a tool");
    const tool: EngineTool = {
      id: "lookup",
      key: demoTool.key,
      name: demoTool.name,
      description: demoTool.description,
      kind: "static",
      inputSchema: demoTool.input_schema,
      output: structuredClone(demoTool.output),
    };
    const runner = createToolRunner({ allowedHosts: [] });
    const result = await runner.run(tool, { order_id: "123" });
    expect(result).toMatchObject({ ok: true, output: demoTool.output.data });
    if (result.ok) (result.output as { items: unknown[] }).items.length = 0;
    expect((tool.output.data as { items: unknown[] }).items).toHaveLength(4);
  });

  it("GETs an allowed host with URL-encoded placeholders and parses JSON", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    const result = await runner.run(httpTool({ url: `${receiver.base}/orders/{order_id}?lang={lang}` }), {
      order_id: "A 1/2",
      lang: "en&admin=1",
    });
    expect(result).toMatchObject({ ok: true, output: { id: "A 1/2", status: "delivered", amount: 75 } });
    expect(seen[0]?.url).toBe("/orders/A%201%2F2?lang=en%26admin%3D1");
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("POSTs the input as JSON", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    const result = await runner.run(httpTool({ url: `${receiver.base}/echo`, method: "POST" }), {
      order_id: "123",
      n: 2,
    });
    expect(result).toMatchObject({ ok: true, output: { method: "POST", received: { order_id: "123", n: 2 } } });
  });

  it("returns a non-JSON body as text", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    expect(await runner.run(httpTool({ url: `${receiver.base}/text` }), {})).toMatchObject({
      ok: true,
      output: "Order 123 is on its way",
    });
  });

  it("times out a slow endpoint", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    const result = await runner.run(httpTool({ url: `${receiver.base}/slow`, timeout_ms: 100 }), {});
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("uses the runner's default timeout when the tool sets none", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host], defaultTimeoutMs: 80 });
    expect(await runner.run(httpTool({ url: `${receiver.base}/slow` }), {})).toMatchObject({
      ok: false,
      reason: "timeout",
    });
  });

  it("refuses a response over max_bytes, by Content-Length or while streaming", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    expect(await runner.run(httpTool({ url: `${receiver.base}/big`, max_bytes: 1000 }), {})).toMatchObject({
      ok: false,
      reason: "too_large",
    });
    expect(await runner.run(httpTool({ url: `${receiver.base}/big-chunked`, max_bytes: 1000 }), {})).toMatchObject({
      ok: false,
      reason: "too_large",
    });
    const small = createToolRunner({ allowedHosts: [receiver.host], maxBytes: 100 });
    expect(await small.run(httpTool({ url: `${receiver.base}/big-chunked` }), {})).toMatchObject({
      reason: "too_large",
    });
  });

  it("reports a non-2xx status as an error", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    const result = await runner.run(httpTool({ url: `${receiver.base}/fail` }), {});
    expect(result).toMatchObject({ ok: false, reason: "error" });
    if (!result.ok) expect(result.message).toContain("HTTP 503");
  });

  it("does not follow redirects", async () => {
    const runner = createToolRunner({ allowedHosts: [receiver.host] });
    const result = await runner.run(httpTool({ url: `${receiver.base}/redirect` }), {});
    expect(result).toMatchObject({ ok: false, reason: "error" });
    if (!result.ok) expect(result.message).toMatch(/redirects are not followed/);
  });

  it("refuses an unlisted host without making a request", async () => {
    const resolve = vi.fn(async () => [{ address: "93.184.216.34", family: 4 }]);
    const runner = createToolRunner({ allowedHosts: ["api.example.com"], resolve });
    expect(await runner.run(httpTool({ url: "https://example.org/orders" }), {})).toMatchObject({
      ok: false,
      reason: "refused",
    });
    expect(resolve).not.toHaveBeenCalled();
  });

  it("refuses the listed host on another port, without a request reaching it", async () => {
    const port = Number(receiver.host.split(":")[1]);
    const runner = createToolRunner({ allowedHosts: [`127.0.0.1:${port + 1}`] });
    expect(await runner.run(httpTool({ url: `${receiver.base}/orders/1` }), {})).toMatchObject({ reason: "refused" });
    expect(seen).toHaveLength(0);
  });

  it.each([
    "http://10.0.0.1/orders",
    "http://192.168.1.10/orders",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/orders",
    "http://[fd00::1]/orders",
    "http://[::ffff:127.0.0.1]/orders",
    "http://0.0.0.0/orders",
    "http://2130706433/orders",
    "http://[::ffff:0:127.0.0.1]/orders",
    "http://[2002:7f00:1::]/orders",
    "http://[64:ff9b:1::7f00:1]/orders",
    "http://192.0.2.10/orders",
  ])("refuses the private address %s unless listed exactly", async (url) => {
    const resolve = vi.fn(async () => [{ address: "93.184.216.34", family: 4 }]);
    const runner = createToolRunner({ allowedHosts: ["*.example.com", "*.0.0.1", "*.168.1.10"], resolve });
    expect(await runner.run(httpTool({ url }), {})).toMatchObject({ ok: false, reason: "refused" });
    expect(resolve).not.toHaveBeenCalled();
  });

  it("refuses a wildcard host that resolves to a private address, at the connection itself", async () => {
    const runner = createToolRunner({
      allowedHosts: ["*.example.com"],
      resolve: async () => [
        { address: "93.184.216.34", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ],
    });
    const result = await runner.run(httpTool({ url: "https://orders.example.com/x" }), {});
    expect(result).toMatchObject({ ok: false, reason: "refused" });
    if (!result.ok) expect(result.message).toContain("10.0.0.5");
  });

  it("refuses a wildcard host whose name points at the loopback receiver, which sees no request", async () => {
    const port = Number(receiver.host.split(":")[1]);
    const runner = createToolRunner({
      allowedHosts: ["*.example.com"],
      resolve: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    const result = await runner.run(httpTool({ url: `http://orders.example.com:${port}/orders/1` }), {});
    expect(result).toMatchObject({ ok: false, reason: "refused" });
    expect(seen).toHaveLength(0);
  });

  it("lets an exactly listed name reach a private address as its DNS says", async () => {
    const port = Number(receiver.host.split(":")[1]);
    const resolve = vi.fn(async (_hostname: string) => [{ address: "127.0.0.1", family: 4 }]);
    const runner = createToolRunner({ allowedHosts: [`db.internal.test:${port}`], resolve });
    expect(await runner.run(httpTool({ url: `http://db.internal.test:${port}/orders/7` }), {})).toMatchObject({
      ok: true,
      output: { id: "7" },
    });
    expect(resolve.mock.calls.map((c) => c[0])).toEqual(["db.internal.test"]);
  });

  it("reports a name that does not resolve as an error", async () => {
    const runner = createToolRunner({
      allowedHosts: ["*.example.com"],
      resolve: async () => {
        throw new Error("getaddrinfo ENOTFOUND");
      },
    });
    expect(await runner.run(httpTool({ url: "https://nowhere.example.com/x" }), {})).toMatchObject({
      ok: false,
      reason: "error",
    });
  });

  it.each([
    ["a non-http scheme", "ftp://api.example.com/x", {}],
    ["credentials in the URL", "https://user:secret@api.example.com/x", {}],
    ["a path-walking input", "https://api.example.com/orders/{id}", { id: ".." }],
  ])("refuses %s", async (_, url, input) => {
    const resolve = vi.fn(async () => [{ address: "93.184.216.34", family: 4 }]);
    const runner = createToolRunner({ allowedHosts: ["api.example.com"], resolve });
    expect(await runner.run(httpTool({ url }), input)).toMatchObject({ ok: false, reason: "refused" });
    expect(resolve).not.toHaveBeenCalled();
  });

  it("fills missing placeholders with nothing", () => {
    expect(buildToolUrl("https://x.test/orders?id={order_id}&q={q}", { q: 5 })).toBe("https://x.test/orders?id=&q=5");
  });
});
