import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

// A real MCP server for the tests (the official SDK's McpServer over its streamable-HTTP transport,
// stateless, on 127.0.0.1): an order desk with three tools, and beside it the faults a sync must
// refuse. Paths:
//
//   /mcp       the order desk: find_order (structured content), issue_refund (JSON text; a Focal
//              designer marks it as needing approval), check_stock (answers isError for sku "none");
//   /silent    takes the request and never answers (a timeout);
//   /garbage   answers 200 with an HTML page (not MCP, not JSON-RPC);
//   /crowded   an MCP server listing `crowdedTools` tools (10,000 by default).
//
// With `requiredHeader` set, /mcp answers 401 to a request without that header and value, so a test
// proves the credential was sent. `calls` counts tools/call per tool name.

export const MCP_TEST_TOOLS = ["find_order", "issue_refund", "check_stock"] as const;

export interface McpTestServer {
  host: string;
  base: string;
  calls: Map<string, number>;
  /** Every request's headers, in order. */
  seen: http.IncomingHttpHeaders[];
  requiredHeader: { name: string; value: string } | null;
  /** Which of MCP_TEST_TOOLS /mcp lists (all by default); a description can be changed per tool. */
  listed: Set<string>;
  descriptions: Map<string, string>;
  crowdedTools: number;
  close(): Promise<void>;
}

function count(state: McpTestServer, name: string): void {
  state.calls.set(name, (state.calls.get(name) ?? 0) + 1);
}

function orderDesk(state: McpTestServer): McpServer {
  const server = new McpServer({ name: "order-desk", version: "1.0.0" });
  const about = (name: string, fallback: string) => state.descriptions.get(name) ?? fallback;
  if (state.listed.has("find_order")) {
    server.registerTool(
      "find_order",
      {
        title: "Look up an order",
        description: about("find_order", "Finds an order by its number."),
        inputSchema: { order_id: z.string().optional().describe("The order number") },
        outputSchema: { status: z.string(), amount: z.number() },
      },
      async ({ order_id }) => {
        count(state, "find_order");
        const order = { status: order_id ? "delivered" : "listed", amount: 75 };
        return { content: [{ type: "text", text: JSON.stringify(order) }], structuredContent: order };
      },
    );
  }
  if (state.listed.has("issue_refund")) {
    server.registerTool(
      "issue_refund",
      {
        description: about("issue_refund", "Refunds an order."),
        inputSchema: { order_id: z.string(), amount: z.number().describe("In the order's currency") },
      },
      async ({ order_id, amount }) => {
        count(state, "issue_refund");
        return { content: [{ type: "text", text: JSON.stringify({ refund_id: `r-${order_id}`, amount }) }] };
      },
    );
  }
  if (state.listed.has("check_stock")) {
    server.registerTool(
      "check_stock",
      { description: about("check_stock", "Stock of a product."), inputSchema: { sku: z.string() } },
      async ({ sku }) => {
        count(state, "check_stock");
        if (sku === "none") return { isError: true, content: [{ type: "text", text: `no product ${sku}` }] };
        return { content: [{ type: "text", text: "12" }] };
      },
    );
  }
  return server;
}

function crowded(size: number): McpServer {
  const server = new McpServer({ name: "crowded", version: "1.0.0" });
  for (let i = 0; i < size; i += 1) {
    server.registerTool(`tool_${i}`, { description: "one of many" }, async () => ({ content: [] }));
  }
  return server;
}

async function serveMcp(server: McpServer, req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on("close", () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

function handle(state: McpTestServer, req: http.IncomingMessage, res: http.ServerResponse, text: string) {
  state.seen.push(req.headers);
  const path = new URL(req.url ?? "/", "http://x").pathname;
  if (path === "/silent") return;
  if (path === "/garbage") {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<html><body>Welcome to our shop</body></html>");
    return;
  }
  // Stateless: no event stream to open and no session to end.
  if (req.method !== "POST") {
    res.writeHead(405, { allow: "POST" }).end();
    return;
  }
  const wanted = state.requiredHeader;
  if (path === "/mcp" && wanted && req.headers[wanted.name.toLowerCase()] !== wanted.value) {
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
    return;
  }
  const server = path === "/crowded" ? crowded(state.crowdedTools) : path === "/mcp" ? orderDesk(state) : null;
  if (!server) {
    res.writeHead(404).end();
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  serveMcp(server, req, res, body).catch(() => {
    if (!res.headersSent) res.writeHead(500).end();
  });
}

/** Starts the server on 127.0.0.1 (`port` 0: any free port). */
export async function startMcpTestServer(port = 0): Promise<McpTestServer> {
  const sockets = new Set<import("node:net").Socket>();
  const state: McpTestServer = {
    host: "",
    base: "",
    calls: new Map(),
    seen: [],
    requiredHeader: null,
    listed: new Set(MCP_TEST_TOOLS),
    descriptions: new Map(),
    crowdedTools: 10_000,
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(state, req, res, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  state.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.base = `http://${state.host}`;
  state.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
