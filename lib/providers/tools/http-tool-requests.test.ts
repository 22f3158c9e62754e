import { describe, expect, it } from "vitest";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import { fileLoopbackServer } from "@/test/support/loopback-server";
import { fillJson } from "./http-templates";
import { ToolFailure } from "./tool-failure";
import { type AppliedCredential, createToolRunner, type ToolCallContext } from "./tool-runner";

// What an http tool sends: its method, its templates filled with each place's escaping, its
// credential, its Idempotency-Key; and what a non-2xx answer becomes. A loopback receiver records it.

const receiver = fileLoopbackServer((request, res) => {
  const status = Number(/\/status\/(\d+)/.exec(request.url)?.[1] ?? 200);
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ ok: status < 300 }));
});
const { seen } = receiver;

function tool(output: Record<string, unknown>): EngineTool {
  return { id: "tool-1", key: "remote", name: "Remote", description: "", kind: "http", inputSchema: {}, output };
}

const runner = () => createToolRunner({ allowedHosts: [receiver.host] });

describe("http tool requests", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"])("sends %s", async (method) => {
    const result = await runner().run(tool({ url: `${receiver.base}/orders/1`, method }), { n: 1 });
    expect(result).toMatchObject({ ok: true });
    expect(seen[0]?.method).toBe(method);
    // GET and DELETE without a body template send none; the others send the input.
    expect(seen[0]?.body).toBe(method === "GET" || method === "DELETE" ? "" : '{"n":1}');
  });

  it("fills path, query, header and body templates with each place's escaping", async () => {
    const input = { id: "A 1/2", q: "x&admin=1", who: "Ann", amount: 75, note: 'say "hi"' };
    const result = await runner().run(
      tool({
        url: `${receiver.base}/orders/{id}`,
        method: "PATCH",
        query: { q: "{q}", lang: "en" },
        headers: { "X-Customer": "{who}" },
        body: { amount: "{amount}", text: "Note: {note}", list: ["{id}"] },
      }),
      input,
    );
    expect(result).toMatchObject({ ok: true });
    const [request] = seen;
    expect(request?.url).toBe("/orders/A%201%2F2?q=x%26admin%3D1&lang=en");
    expect(request?.headers["x-customer"]).toBe("Ann");
    expect(JSON.parse(request?.body ?? "")).toEqual({ amount: 75, text: 'Note: say "hi"', list: ["A 1/2"] });
  });

  it("refuses a header value that would hold a line break, without a request", async () => {
    const result = await runner().run(tool({ url: `${receiver.base}/x`, headers: { "X-Who": "{who}" } }), {
      who: "Ann\r\nX-Admin: 1",
    });
    expect(result).toMatchObject({ ok: false, reason: "refused" });
    expect(seen).toHaveLength(0);
  });

  it("keeps a body template's JSON types: an exact placeholder is the value, a missing one null", () => {
    expect(fillJson({ a: "{n}", b: "{flag}", c: "{gone}", d: "n={n}", e: 3 }, { n: 2.5, flag: true })).toEqual({
      a: 2.5,
      b: true,
      c: null,
      d: "n=2.5",
      e: 3,
    });
  });

  it("applies a credential's headers and query, and masks its values in a failure's message", async () => {
    const applied: AppliedCredential = {
      headers: { Authorization: "Bearer tok-secret-123" },
      query: { api_key: "qs-secret-456" },
      secrets: ["tok-secret-123", "qs-secret-456"],
    };
    const context: ToolCallContext = { credential: async () => applied };
    const ok = await runner().runWith(tool({ url: `${receiver.base}/orders`, credential: "crm" }), {}, context);
    expect(ok).toMatchObject({ ok: true });
    expect(seen[0]?.headers.authorization).toBe("Bearer tok-secret-123");
    expect(seen[0]?.url).toBe("/orders?api_key=qs-secret-456");
    // The request as the trace shows it: the credential's header whole, its query value, as ••••.
    expect(ok.request).toEqual({
      method: "GET",
      url: `${receiver.base}/orders?api_key=••••`,
      headers: { accept: expect.any(String), authorization: "••••" },
    });
    const failing: ToolCallContext = {
      credential: async () => {
        throw new ToolFailure("error", 'credential "crm" is not set for this agent');
      },
    };
    const failed = await runner().runWith(tool({ url: `${receiver.base}/orders`, credential: "crm" }), {}, failing);
    expect(failed).toMatchObject({ ok: false, reason: "error", message: 'credential "crm" is not set for this agent' });
  });

  it("turns a non-2xx answer into a typed error with its status", async () => {
    const result = await runner().run(tool({ url: `${receiver.base}/status/409` }), {});
    expect(result).toMatchObject({ ok: false, reason: "error", status: 409 });
  });

  it("sends an Idempotency-Key other than for GET, the same when the same turn calls again", async () => {
    const context: ToolCallContext = { callKey: "session-1:3" };
    await runner().runWith(tool({ url: `${receiver.base}/refunds`, method: "POST" }), {}, context);
    await runner().runWith(tool({ url: `${receiver.base}/refunds`, method: "POST" }), {}, context);
    await runner().runWith(tool({ url: `${receiver.base}/refunds`, method: "POST" }), {}, { callKey: "session-1:4" });
    await runner().runWith(tool({ url: `${receiver.base}/refunds` }), {}, context);
    const keys = seen.map((request) => request.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBeUndefined();
  });
});
