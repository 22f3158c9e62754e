import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { PUT as putToolRoute } from "@/app/api/v1/agents/[key]/tools/[entity_key]/route";
import { POST as importRoute } from "@/app/api/v1/agents/[key]/tools/import-openapi/route";
import { POST as createToolRoute } from "@/app/api/v1/agents/[key]/tools/route";
import { GET as getSessionRoute } from "@/app/api/v1/sessions/[id]/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { GET as getTurnRoute } from "@/app/api/v1/turns/[id]/route";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { readAgentBundle } from "@/lib/bundles/server/read-agent-bundle";
import { createToolRunner } from "@/lib/providers/tools";
import { ruleEntity } from "@/lib/rules/server/rule-entity";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { credentialApi } from "../support/credential-fixtures";
import { demoWithTestsGate, fileTestApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { fileLoopbackServer } from "../support/loopback-server";
import { orderApiDocument } from "../support/openapi-fixtures";
import { callWithKey, type RouteHandler } from "../support/route-call";

// OpenAPI import over REST (docs/tools.md#import-from-openapi): a petstore-like order API behind a
// bearer token on 127.0.0.1 is imported as tools in one config change; the tools call it with the
// agent's credential and a turn whose rule attaches one gets its output. Every refusal writes nothing.
// Then the save checks the http tools got beside it: an unknown credential, approval by default.

const TOKEN = "orders-bearer-token-5e71";
const ASK_ORDERS = "I want my money back, can you show me my orders?";

const orders = fileLoopbackServer((request, res) => {
  res.setHeader("content-type", "application/json");
  if (request.headers.authorization !== `Bearer ${TOKEN}`) {
    res.writeHead(401).end('{"error":"unauthorized"}');
  } else if (request.method === "GET" && request.url.startsWith("/v1/customers/me/orders")) {
    res.writeHead(200).end(JSON.stringify({ orders: [{ id: "123", status: "delivered", total: 75 }], order_count: 1 }));
  } else if (request.method === "POST" && request.url === "/v1/orders") {
    res.writeHead(201).end(JSON.stringify({ id: "o-9", status: "placed", total: 39 }));
  } else res.writeHead(404).end("{}");
});
const handle = fileTestApp();

let agents = 0;
/** The demo (test gate off) under a fresh key, with a designer's key for its configuration and turns. */
async function agentWithKey(credential: string | null = "bearer_auth") {
  agents += 1;
  const key = `openapi-${agents}-${Math.random().toString(36).slice(2, 7)}`;
  const demo = demoWithTestsGate("off");
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key, name: `OpenAPI ${agents}` } },
    SYSTEM_ACTOR,
    "setup",
  );
  const apiKey = await loopApiKey(handle, [
    "config:write",
    "config:read",
    "credentials:write",
    "turns:write",
    "agents:write",
    "traces:read",
  ]);
  if (credential) {
    const created = await credentialApi(apiKey).create(key, { name: credential, kind: "bearer", token: TOKEN });
    expect(created.status).toBe(201);
  }
  return { key, apiKey };
}

async function importTools(agent: { key: string; apiKey: string }, body: Record<string, unknown>) {
  const path = `/api/v1/agents/${agent.key}/tools/import-openapi`;
  const response = await callWithKey(importRoute as RouteHandler, "POST", path, { key: agent.key }, agent.apiKey, body);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { errors?: { path: string; message: string }[] },
  };
}

async function turn(agent: { key: string; apiKey: string }, message: string) {
  overrideHostPorts({ tools: createToolRunner({ allowedHosts: [orders.host] }) });
  try {
    const created = await callWithKey(
      createSessionRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agent.key}/sessions`,
      { key: agent.key },
      agent.apiKey,
      {},
    );
    const { session_id } = (await created.json()) as { session_id: string };
    const answered = await callWithKey(
      postTurnRoute as RouteHandler,
      "POST",
      `/api/v1/sessions/${session_id}/turns`,
      { id: session_id },
      agent.apiKey,
      { message },
    );
    expect(answered.status).toBe(200);
    const body = (await answered.json()) as {
      turn_id: string;
      provenance: { tools_called: { key: string; ok: boolean; detail: string }[] };
    };
    const session = await callWithKey(
      getSessionRoute as RouteHandler,
      "GET",
      `/api/v1/sessions/${session_id}`,
      { id: session_id },
      agent.apiKey,
    );
    const { variables } = ((await session.json()) as { session: { variables: Record<string, unknown> } }).session;
    const detail = await callWithKey(
      getTurnRoute as RouteHandler,
      "GET",
      `/api/v1/turns/${body.turn_id}`,
      { id: body.turn_id },
      agent.apiKey,
    );
    const { spans } = (await detail.json()) as {
      spans: { name: string; attributes: { calls?: { key: string; request?: unknown }[] } }[];
    };
    const traced = spans.find((span) => span.name === "tools")?.attributes.calls ?? [];
    return { calls: body.provenance.tools_called, variables, traced };
  } finally {
    overrideHostPorts(undefined);
  }
}

describe("OpenAPI import over REST", () => {
  it("makes working tools in one config change, and a turn's rule gets the imported tool's output", async () => {
    const agent = await agentWithKey();
    const document = stringify(orderApiDocument(`${orders.base}/v1`));
    const operations = ["listMyOrders", "POST /orders"];
    const before = (await getAgentByKey(handle.db, agent.key))?.configVersion ?? 0;

    const counts = await tableCounts(handle);
    const preview = await importTools(agent, { document, operations, dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ dry_run: true, config_version: before, title: "Order API" });
    expect(await tableCounts(handle)).toEqual(counts);

    const imported = await importTools(agent, { document, operations });
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      dry_run: false,
      config_version: before + 1,
      credentials: [{ name: "bearer_auth", scheme: "bearerAuth", kind: "bearer" }],
      tools: [
        {
          operation: "GET /customers/me/orders",
          tool: {
            key: "list_my_orders",
            requires_approval: false,
            output: { credential: "bearer_auth", variables: { order_count: "order_count", orders: "orders" } },
          },
        },
        {
          operation: "POST /orders",
          tool: { key: "create_order", requires_approval: true, output: { method: "POST" } },
        },
      ],
    });
    const [event] = await handle.db.select().from(ledgerEvents).orderBy(desc(ledgerEvents.seq)).limit(1);
    expect(event?.type).toBe("CONFIG_CHANGED");
    expect(event?.payload).toMatchObject({
      entity: "tool",
      action: "imported",
      key: "list_my_orders, create_order",
      config_version_before: before,
      config_version_after: before + 1,
    });

    // The refund rule attaches the imported listing; the turn calls it with the bearer token.
    const bundle = await readAgentBundle(handle.db, (await getAgentByKey(handle.db, agent.key)) ?? never());
    const rule = bundle.rules.find((r) => r.key === "max-refund") ?? never();
    const request = {
      agentKey: agent.key,
      expectedVersion: null,
      actor: SYSTEM_ACTOR,
      requestId: "attach",
      policies: SAVE_POLICIES,
    };
    await ruleEntity.update(handle.db, request, rule.key, { ...rule, attached_tools: ["list_my_orders"] });
    const { calls, variables, traced } = await turn(agent, ASK_ORDERS);
    expect(calls.find((call) => call.key === "list_my_orders")).toMatchObject({ ok: true });
    // The trace shows the request as sent, the token as ••••.
    expect(traced.find((call) => call.key === "list_my_orders")?.request).toEqual({
      method: "GET",
      url: `${orders.base}/v1/customers/me/orders`,
      headers: { accept: expect.any(String), authorization: "••••" },
    });
    expect(variables).toMatchObject({ order_count: 1 });
    expect(orders.seen.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ["GET", "/v1/customers/me/orders", `Bearer ${TOKEN}`],
    ]);

    // The order API refuses another token: the same tool's call is then a typed 401.
    expect(
      (await credentialApi(agent.apiKey).rotate(agent.key, "bearer_auth", { kind: "bearer", token: "wrong-token-1" }))
        .status,
    ).toBe(200);
    const refused = await turn(agent, ASK_ORDERS);
    expect(refused.calls.find((call) => call.key === "list_my_orders")).toMatchObject({
      ok: false,
      detail: expect.stringContaining("HTTP 401"),
    });
  });

  it("refuses with the problem's path and writes nothing", async () => {
    const agent = await agentWithKey();
    const good = orderApiDocument(`${orders.base}/v1`);
    const selfRef = orderApiDocument(`${orders.base}/v1`);
    Object.assign(selfRef.components.schemas, { Loop: { $ref: "#/components/schemas/Loop" } });
    selfRef.components.responses.OrderFound.content["application/json"].schema.$ref = "#/components/schemas/Loop";
    const external = orderApiDocument(`${orders.base}/v1`);
    external.components.schemas.NewOrder = { $ref: `${orders.base}/schemas/new-order.json` } as never;
    const cases: [Record<string, unknown>, string][] = [
      [{ document: { ...good, openapi: "2.0" }, operations: ["getOrder"] }, "document.openapi"],
      [
        {
          document: "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a:\n    get: {}\n",
          operations: ["GET /a"],
        },
        "document.paths./a.get.responses",
      ],
      [
        {
          document: `${JSON.stringify(good).slice(0, -1)},"x-pad":"${"x".repeat(5 * 1024 * 1024)}"}`,
          operations: ["getOrder"],
        },
        "document",
      ],
      [
        { document: selfRef, operations: ["getOrder"] },
        "document.paths./orders/{orderId}.get.responses.200.content.application/json.schema.$ref",
      ],
      [{ document: external, operations: ["createOrder"] }, "document.components.schemas.NewOrder.$ref"],
      [{ document: good, operations: ["deleteEverything"] }, "operations[0]"],
      [{ document: good, operations: ["getOrder"], credential: "not-there" }, "credential"],
      [{ document: { ...good, servers: [{ url: "/v1" }] }, operations: ["getOrder"] }, "document.servers[0].url"],
      [
        {
          document: good,
          operations: ["GET /orders/{orderId}"],
          outputs: { "GET /orders/{orderId}": ["nope"] },
        },
        "outputs.GET /orders/{orderId}",
      ],
    ];
    const counts = await tableCounts(handle);
    for (const [body, path] of cases) {
      const answer = await importTools(agent, body);
      expect(answer.status, path).toBe(422);
      expect(
        answer.body.errors?.map((e) => e.path),
        path,
      ).toContain(path);
    }
    expect(orders.seen).toEqual([]);
    expect(await tableCounts(handle)).toEqual(counts);
  });

  it("refuses a tool key the agent has (or two operations making one key), naming them", async () => {
    const agent = await agentWithKey();
    const document = orderApiDocument(`${orders.base}/v1`);
    expect((await importTools(agent, { document, operations: ["getOrder"] })).status).toBe(201);
    const counts = await tableCounts(handle);
    const again = await importTools(agent, { document, operations: ["listMyOrders", "getOrder"] });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual([
      { path: "operations[1]", message: expect.stringContaining('"get_order" is taken') },
    ]);
    expect(await tableCounts(handle)).toEqual(counts);
  });
});

describe("http tool saves", () => {
  const tool = (output: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    key: "refund_order",
    name: "Refund order",
    kind: "http",
    input_schema: { properties: { order_id: { type: "string" } } },
    output: { url: "https://orders.example.com/orders/{order_id}/refund", variables: {}, ...output },
    ...extra,
  });
  const post = (agent: { key: string; apiKey: string }, body: unknown) =>
    callWithKey(
      createToolRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agent.key}/tools`,
      { key: agent.key },
      agent.apiKey,
      body,
    );

  it("a tool naming a credential the agent does not have is refused at output.credential", async () => {
    const agent = await agentWithKey();
    const counts = await tableCounts(handle);
    const unknown = await post(agent, tool({ credential: "nope" }));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { errors: unknown[] }).errors).toEqual([
      {
        path: "output.credential",
        message: expect.stringContaining('Credential "nope" is not set for this agent (the agent has bearer_auth)'),
      },
    ]);
    expect(await tableCounts(handle)).toEqual(counts);
    expect((await post(agent, tool({ credential: "bearer_auth" }))).status).toBe(201);
  });

  it("a new non-GET tool over REST asks for approval unless the body says; a replace keeps what it says", async () => {
    const agent = await agentWithKey(null);
    const created = await post(agent, tool({ method: "POST" }));
    expect(created.status).toBe(201);
    expect(((await created.json()) as { tool: { requires_approval?: boolean } }).tool.requires_approval).toBe(true);
    const off = await post(agent, tool({ method: "POST" }, { key: "refund_quietly", requires_approval: false }));
    expect(((await off.json()) as { tool: { requires_approval?: boolean } }).tool.requires_approval).toBe(false);
    const get = await post(agent, tool({}, { key: "read_order" }));
    expect(((await get.json()) as { tool: { requires_approval?: boolean } }).tool.requires_approval).toBeUndefined();
    const path = `/api/v1/agents/${agent.key}/tools/refund_order`;
    const replaced = await callWithKey(
      putToolRoute as RouteHandler,
      "PUT",
      path,
      { key: agent.key, entity_key: "refund_order" },
      agent.apiKey,
      tool({ method: "POST" }),
    );
    expect(
      ((await replaced.json()) as { tool: { requires_approval?: boolean } }).tool.requires_approval,
    ).toBeUndefined();
  });
});

function never(): never {
  throw new Error("missing");
}
