import { describe, expect, it } from "vitest";
import { Bundle } from "@/lib/engine/contracts/bundle";
import { mcpOutputOf } from "@/lib/providers/tools/mcp-call";
import { planSync } from "./mcp-sync-plan";
import { mapListedTool, toolKeyOf, untrustedText } from "./mcp-tool-mapping";

// A server's tool list made Focal tools, pure: keys, untrusted text, input schemas, the diff.

const server = { name: "desk", url: "https://mcp.example.com/mcp", credential: null };

describe("mapping MCP tools", () => {
  it("makes a key of any tool name", () => {
    expect(toolKeyOf("Search.Orders/v2")).toBe("search_orders_v2");
    expect(toolKeyOf("__x")).toBe("x");
    expect(toolKeyOf("!!!")).toBe("tool");
    expect(toolKeyOf("a".repeat(100))).toHaveLength(64);
  });

  it("strips control and direction characters from untrusted text and cuts it", () => {
    expect(untrustedText("Finds\u0007 orders\u202e.\nSecond line", 2000)).toBe("Finds orders.\nSecond line");
    expect(untrustedText("x".repeat(3000), 2000)).toHaveLength(2000);
    expect(untrustedText(42, 10)).toBe("");
  });

  it("maps a flat schema and refuses what Focal cannot fill", () => {
    const mapped = mapListedTool(server, {
      name: "refund",
      description: "d".repeat(5000),
      inputSchema: {
        type: "object",
        properties: { amount: { type: ["number", "null"], description: "How much" }, order_id: { type: "string" } },
        required: ["order_id", "ghost"],
      },
    });
    expect(mapped).toMatchObject({
      ok: true,
      tool: {
        key: "refund",
        kind: "mcp",
        input_schema: {
          properties: { amount: { type: "number", description: "How much" }, order_id: { type: "string" } },
          required: ["order_id"],
        },
        output: { server: "desk", tool: "refund", timeout_ms: 5000, max_bytes: 65_536 },
      },
    });
    if (mapped.ok) expect(mapped.tool.description).toHaveLength(2000);
    expect(
      mapListedTool(server, { name: "a", inputSchema: { properties: { orderId: { type: "string" } } } }),
    ).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"orderId"'),
    });
    expect(
      mapListedTool(server, { name: "a", inputSchema: { properties: { items: { type: "array" } } } }),
    ).toMatchObject({
      ok: false,
    });
  });

  it("reads structured content first, then JSON text, then text", () => {
    expect(mcpOutputOf({ structuredContent: { a: 1 }, content: [{ type: "text", text: "{}" }] })).toEqual({ a: 1 });
    expect(mcpOutputOf({ content: [{ type: "text", text: '{"b":2}' }] })).toEqual({ b: 2 });
    expect(mcpOutputOf({ content: [{ type: "text", text: "plain" }] })).toBe("plain");
  });
});

describe("the sync plan", () => {
  const bundleWith = (tools: unknown[], rules: unknown[] = []) =>
    Bundle.parse({ focal_bundle: 1, agent: { key: "a", name: "A" }, tools, rules });

  it("adds, changes, removes, and keeps tools in use", () => {
    const listed = [
      { name: "a", description: "new text", inputSchema: {} },
      { name: "b", inputSchema: {} },
    ];
    const first = planSync(bundleWith([]), server, listed);
    expect(first.add.map((t) => t.key)).toEqual(["a", "b"]);
    const [a, b] = first.add;
    if (!a || !b) throw new Error("planned two");
    const c = { ...b, key: "c", output: { ...b.output, tool: "c" } };
    const d = { ...b, key: "d", output: { ...b.output, tool: "d" } };
    const rule = { key: "r", name: "R", condition_text: "always", action_text: "say hi", attached_tools: ["d"] };
    const bundle = bundleWith([{ ...a, description: "old text" }, b, c, d], [rule]);
    const plan = planSync(bundle, server, listed);
    expect(plan.add).toEqual([]);
    expect(plan.change.map((x) => [x.stored.key, x.fields])).toEqual([["a", ["description"]]]);
    expect(plan.remove.map((t) => t.key)).toEqual(["c"]);
    expect(plan.keptInUse.map((k) => k.tool.key)).toEqual(["d"]);
    expect(planSync(bundle, server, listed, ["zz"]).problems).toHaveLength(1);
    expect(planSync(bundleWith([{ key: "b", name: "B", kind: "static" }]), server, listed).problems).toHaveLength(1);
  });
});
