import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineTool } from "@/lib/engine/contracts/snapshot";
import { type McpTestServer, startMcpTestServer } from "@/test/support/mcp-test-server";
import { listMcpTools, TooManyMcpToolsError } from "./mcp-tools-list";
import { createToolRunner } from "./tool-runner";

// The runner's mcp kind against a real MCP server on 127.0.0.1 (the SDK's McpServer): the output, a
// tool-level error, the limits (allow-list, timeout, size cap), and the listing's cap.

let server: McpTestServer;
beforeAll(async () => {
  server = await startMcpTestServer();
});
afterAll(() => server.close());

function mcpTool(tool: string, path = "/mcp", extra: Record<string, unknown> = {}): EngineTool {
  return {
    id: `t-${tool}`,
    key: tool,
    name: tool,
    description: "",
    kind: "mcp",
    inputSchema: { type: "object", properties: { order_id: { type: "string" }, sku: { type: "string" } } },
    output: { server: "desk", url: `${server.base}${path}`, tool, variables: {}, ...extra },
  };
}

const runner = () => createToolRunner({ allowedHosts: [server.host] });

describe("mcp tools", () => {
  it("calls the tool and returns its structured content; only declared inputs are arguments", async () => {
    const result = await runner().run(mcpTool("find_order"), { order_id: "123", unrelated: "x" });
    expect(result).toMatchObject({ ok: true, output: { status: "delivered", amount: 75 } });
  });

  it("turns isError into the typed tool error", async () => {
    const result = await runner().run(mcpTool("check_stock"), { sku: "none" });
    expect(result).toMatchObject({
      ok: false,
      reason: "error",
      message: "the MCP tool check_stock failed: no product none",
    });
  });

  it("refuses a host outside the allow-list before any request", async () => {
    const before = server.seen.length;
    const result = await createToolRunner({ allowedHosts: ["example.com"] }).run(mcpTool("find_order"), {});
    expect(result).toMatchObject({ ok: false, reason: "refused" });
    expect(server.seen.length).toBe(before);
  });

  it("times out on a server that never answers", async () => {
    const result = await runner().run(mcpTool("find_order", "/silent", { timeout_ms: 300 }), {});
    expect(result).toMatchObject({ ok: false, reason: "timeout" });
  });

  it("caps the answer's size", async () => {
    const result = await runner().run(mcpTool("find_order", "/mcp", { max_bytes: 50 }), { order_id: "1" });
    expect(result).toMatchObject({ ok: false, reason: "too_large" });
  });

  it("names a server that does not speak MCP", async () => {
    const result = await runner().run(mcpTool("find_order", "/garbage"), {});
    expect(result).toMatchObject({ ok: false, reason: "error" });
  });

  it("lists tools and refuses a list over the cap", async () => {
    const limits = { policy: { allowedHosts: [server.host], listedOnly: true }, timeoutMs: 5000, maxBytes: 1 << 20 };
    const tools = await listMcpTools(`${server.base}/mcp`, null, { ...limits, maxTools: 500 });
    expect(tools.map((t) => t.name).sort()).toEqual(["check_stock", "find_order", "issue_refund"]);
    server.crowdedTools = 600;
    await expect(
      listMcpTools(`${server.base}/crowded`, null, { ...limits, maxBytes: 8 << 20, maxTools: 500 }),
    ).rejects.toBeInstanceOf(TooManyMcpToolsError);
  });
});
