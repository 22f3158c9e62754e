import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { tryToolAction } from "@/lib/actions/tools/try-tool";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { BundleTool } from "@/lib/engine/contracts/bundle";
import { createToolRunner } from "@/lib/providers/tools";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { startDemoApp, tableCounts } from "@/test/support/focal-test-app";
import { browserHeaders, requestState } from "@/test/support/request-headers";

// "Try it" through the action, with the real tool runner: static data from the demo's lookup_order,
// and http calls to a loopback server that the runner is told to allow exactly (loopback is private,
// so only an exact entry unlocks it), or not.

const AGENT = "refund-desk";
const LOOKUP = demo.tools[0] as Extract<BundleTool, { kind: "static" }>;

let handle: DatabaseHandle;
let cookies: Record<"designer" | "viewer", string>;
let server: http.Server;
let host: string;

beforeAll(async () => {
  ({ handle, cookies } = await startDemoApp(["designer", "viewer"]));
  server = http.createServer((req, res) => {
    if (req.url?.startsWith("/orders/")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: decodeURIComponent(req.url.slice(8)), status: "shipped" }));
    }
    // /slow never answers.
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
beforeEach(() => {
  requestState.headers = browserHeaders({ cookie: cookies.designer });
  overrideHostPorts(undefined);
});
afterAll(async () => {
  overrideHostPorts(undefined);
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await handle?.close();
});

function httpTool(path: string, timeout_ms = 5000): BundleTool {
  return {
    key: "orders_api",
    name: "Orders API",
    description: "",
    kind: "http",
    input_schema: { type: "object", properties: { order_id: { type: "string", description: "" } }, required: [] },
    output: {
      url: `http://${host}${path}`,
      method: "GET",
      timeout_ms,
      max_bytes: 65_536,
      variables: { order_status: "status" },
    },
  };
}

describe("try it", () => {
  it("runs a static tool and extracts its variables through the output paths, writing nothing", async () => {
    const before = await tableCounts(handle);
    const result = await tryToolAction({ agent_key: AGENT, tool: LOOKUP, inputs: { order_id: "123" } });
    expect(result).toMatchObject({
      ok: true,
      data: {
        state: "ok",
        input: { order_id: "123" },
        output: { items: expect.arrayContaining([expect.objectContaining({ id: "123", amount: 75 })]) },
      },
    });
    if (!result.ok || result.data.state !== "ok") throw new Error("expected a run");
    expect(result.data.variables.slice(0, 2)).toEqual([
      { name: "order_amount", path: "items[id={order_id}].amount", found: true, value: 75 },
      { name: "order_status", path: "items[id={order_id}].status", found: true, value: "delivered" },
    ]);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("tries the unsaved draft, and says which paths find nothing", async () => {
    const draft: BundleTool = {
      ...LOOKUP,
      key: "draft",
      output: { data: { items: [] }, variables: { first: "items[0]" } },
    };
    const result = await tryToolAction({ agent_key: AGENT, tool: draft, inputs: {} });
    expect(result).toMatchObject({
      ok: true,
      data: { state: "ok", variables: [{ name: "first", found: false, value: null }] },
    });
  });

  it("does not run with a required input blank or a value of the wrong type", async () => {
    const tool: BundleTool = {
      ...LOOKUP,
      input_schema: {
        type: "object",
        properties: { order_id: { type: "string", description: "" }, qty: { type: "integer", description: "" } },
        required: ["order_id"],
      },
    };
    expect(await tryToolAction({ agent_key: AGENT, tool, inputs: { qty: "two" } })).toEqual({
      ok: true,
      data: { state: "skipped", input_errors: { qty: "Enter a whole number" }, missing: ["order_id"] },
    });
  });

  it("refuses an http tool whose host this server does not allow, before any request", async () => {
    overrideHostPorts({ tools: createToolRunner({ allowedHosts: ["api.example.com"] }) });
    const result = await tryToolAction({ agent_key: AGENT, tool: httpTool("/orders/1"), inputs: {} });
    expect(result).toMatchObject({ ok: true, data: { state: "failed", reason: "refused" } });
    if (result.ok && result.data.state === "failed") {
      expect(result.data.message).toBe(
        `the URL names ${host}, which is not in the allowed tool hosts (FOCAL_TOOL_HOSTS)`,
      );
    }
  });

  it("calls an allowed http host and shows a timeout as it happens", async () => {
    overrideHostPorts({ tools: createToolRunner({ allowedHosts: [host] }) });
    const ok = await tryToolAction({
      agent_key: AGENT,
      tool: { ...httpTool("/orders/{order_id}") },
      inputs: { order_id: "A 1" },
    });
    expect(ok).toMatchObject({
      ok: true,
      data: {
        state: "ok",
        output: { id: "A 1", status: "shipped" },
        variables: [{ name: "order_status", found: true, value: "shipped" }],
      },
    });
    const slow = await tryToolAction({ agent_key: AGENT, tool: httpTool("/slow", 150), inputs: {} });
    expect(slow).toMatchObject({ ok: true, data: { state: "failed", reason: "timeout" } });
  });

  it("is for designers: a viewer is refused", async () => {
    requestState.headers = browserHeaders({ cookie: cookies.viewer });
    expect(await tryToolAction({ agent_key: AGENT, tool: LOOKUP, inputs: {} })).toMatchObject({
      ok: false,
      code: "FORBIDDEN",
    });
  });
});
