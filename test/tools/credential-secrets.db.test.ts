import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { agentCredentials, agentEnvironments } from "@/db/schema";
import { exportBundle, serializeBundle } from "@/lib/bundles/server/export-bundle";
import { createToolRunner } from "@/lib/providers/tools";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { flushTurnTelemetry, resetTurnTelemetry } from "@/lib/server/telemetry/otel-export";
import { credentialAgent, credentialApi } from "../support/credential-fixtures";
import { tablesContaining } from "../support/database-text";
import { startTestApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// A turn calls an http tool with each kind of credential against an order API on 127.0.0.1 that
// refuses a request without it; then everything stored (every text column of every table: turns,
// spans, tapes, the ledger, job rows), the bundle export and the captured console output are searched
// for the secrets (docs/tools.md#credentials). The OAuth token is fetched once, cached, refreshed.

const ASK_ORDERS = "I want my money back, can you show me my orders?";
const CLIENT = { id: "focal-client", secret: "oauth-client-secret-4e1d" };
const EXPECTED: Record<string, (headers: http.IncomingHttpHeaders, url: URL) => boolean> = {};

let handle: DatabaseHandle;
let server: http.Server;
let base: string;
let api: ReturnType<typeof credentialApi>;
let turnKey: string;
let tokenCalls = 0;
let tokenLifetimeS = 3600;
const issued: string[] = [];
const orderRequests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
const logged: string[] = [];
const otlpBodies: string[] = [];
const savedEnv = { ...process.env };

function tokenEndpoint(req: http.IncomingMessage, res: http.ServerResponse) {
  const basic = Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString("base64");
  if (req.headers.authorization !== `Basic ${basic}`) {
    res.writeHead(401, { "content-type": "application/json" });
    res.end('{"error":"invalid_client"}');
    return;
  }
  tokenCalls += 1;
  const token = `oauth-access-token-${tokenCalls}-7b2c`;
  issued.push(token);
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: tokenLifetimeS }));
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/token") return tokenEndpoint(req, res);
      if (url.pathname === "/v1/traces") {
        otlpBodies.push(Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
        return;
      }
      // /orders/<agent key>: the agent's own expectation decides whether the credential came.
      orderRequests.push({ path: url.pathname, headers: req.headers });
      const check = EXPECTED[url.pathname.split("/")[2] ?? ""];
      if (!check?.(req.headers, url)) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end('{"error":"unauthorized"}');
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ items: [{ id: "123", status: "delivered", amount: 75 }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
  process.env.FOCAL_TOOL_HOSTS = host;
  // The OpenTelemetry export, with the message and reply texts in it (the widest setting), to the same
  // receiver: its payloads are searched for the secrets too.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = base;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
  process.env.OTEL_BSP_SCHEDULE_DELAY = "20";
  process.env.FOCAL_OTEL_INCLUDE_TEXT = "true";
  await resetTurnTelemetry();
  handle = await startTestApp();
  api = credentialApi(await loopApiKey(handle, ["credentials:write", "config:read"]));
  turnKey = await loopApiKey(handle, ["turns:write", "agents:write"]);
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(" "));
    });
  }
}, 60_000);

afterEach(() => {
  overrideHostPorts(undefined);
});

afterAll(async () => {
  vi.restoreAllMocks();
  process.env = savedEnv;
  await resetTurnTelemetry();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await handle?.close();
});

/** An agent whose order lookup GETs /orders/<its key> with the credential "crm". */
async function agentWith(credential: Record<string, unknown>, check: (typeof EXPECTED)[string]) {
  // The URL names the agent: the receiver tells the agents' requests apart by it.
  const agent = await credentialAgent(handle, (key) => ({
    kind: "http",
    output: { url: `${base}/orders/${key}`, credential: "crm", variables: {} },
  }));
  EXPECTED[agent.key] = check;
  expect((await api.create(agent.key, { name: "crm", ...credential })).status).toBe(201);
  return agent;
}

async function turn(agentKey: string, environment?: string) {
  overrideHostPorts({ tools: createToolRunner({ allowedHosts: [new URL(base).host] }) });
  const session = await callWithKey(
    createSessionRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/sessions`,
    { key: agentKey },
    turnKey,
    environment ? { environment } : {},
  );
  expect(session.status).toBe(201);
  const { session_id } = (await session.json()) as { session_id: string };
  const response = await callWithKey(
    postTurnRoute as RouteHandler,
    "POST",
    `/api/v1/sessions/${session_id}/turns`,
    { id: session_id },
    turnKey,
    { message: ASK_ORDERS },
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    provenance: { tools_called: { key: string; ok: boolean; detail: string }[] };
  };
  return body.provenance.tools_called.find((call) => call.key === "lookup_order");
}

const basicOf = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString("base64");

describe("credentials in tool calls", () => {
  it("sends each kind, gets the tool output, and no secret is stored, exported, logged or sent over OpenTelemetry", async () => {
    const secrets: string[] = [];
    const kinds: [Record<string, unknown>, (typeof EXPECTED)[string]][] = [
      [{ kind: "bearer", token: "bearer-tok-91c3e0" }, (h) => h.authorization === "Bearer bearer-tok-91c3e0"],
      [
        { kind: "header", header: "X-Api-Key", value: "header-key-5d7a21" },
        (h) => h["x-api-key"] === "header-key-5d7a21",
      ],
      [
        { kind: "basic", username: "svc", password: "basic-pass-0f6b84" },
        (h) => h.authorization === `Basic ${basicOf("svc", "basic-pass-0f6b84")}`,
      ],
      [
        { kind: "query", param: "api_key", value: "query-key-3a9e57" },
        (_, url) => url.searchParams.get("api_key") === "query-key-3a9e57",
      ],
      [
        {
          kind: "oauth2_client_credentials",
          token_url: `${base}/token`,
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          scope: "orders:read",
        },
        (h) => typeof h.authorization === "string" && issued.includes(h.authorization.slice("Bearer ".length)),
      ],
    ];
    secrets.push("bearer-tok-91c3e0", "header-key-5d7a21", "basic-pass-0f6b84", basicOf("svc", "basic-pass-0f6b84"));
    secrets.push("query-key-3a9e57", CLIENT.secret);
    const agents: string[] = [];
    const issuedBefore = issued.length;
    for (const [credential, check] of kinds) {
      const agent = await agentWith(credential, check);
      agents.push(agent.key);
      const call = await turn(agent.key);
      expect(call, `${credential.kind}: the lookup ran`).toMatchObject({ ok: true });
    }
    secrets.push(...issued);
    expect(issued.length - issuedBefore).toBe(1);

    const exported = await Promise.all(agents.map(async (key) => serializeBundle(await exportBundle(handle.db, key))));
    expect(exported.every((text) => text.includes('"credential": "crm"'))).toBe(true);
    await flushTurnTelemetry();
    const otlp = otlpBodies.join("\n");
    expect(otlp).toContain(ASK_ORDERS);
    for (const secret of secrets) {
      expect(await tablesContaining(handle, secret), secret).toEqual({});
      for (const text of [...exported, ...logged, otlp]) expect(text).not.toContain(secret);
    }
  });

  it("without the credential's value the call fails with a reason and no request; a 401 is a typed error", async () => {
    const agent = await credentialAgent(handle, {
      kind: "http",
      output: { url: `${base}/orders/nobody`, credential: "missing", variables: { lookup_status: "error.status" } },
    });
    const before = orderRequests.length;
    const unset = await turn(agent.key);
    expect(unset?.ok).toBe(false);
    expect(unset?.detail).toContain('credential "missing" is not set');
    expect(orderRequests.length).toBe(before);
    expect((await api.create(agent.key, { name: "missing", kind: "bearer", token: "wrong-token-66d1" })).status).toBe(
      201,
    );
    const refused = await turn(agent.key);
    expect(refused).toMatchObject({ ok: false, detail: expect.stringContaining("HTTP 401") });
    expect(await tablesContaining(handle, "wrong-token-66d1")).toEqual({});
  });

  it("a session in an environment uses that environment's binding, others the agent's default", async () => {
    const agent = await agentWith({ kind: "bearer", token: "default-tok-1a2b" }, (h) =>
      ["Bearer default-tok-1a2b", "Bearer staging-tok-3c4d"].includes(String(h.authorization)),
    );
    await handle.db.insert(agentEnvironments).values({ agentId: agent.id, name: "staging", pinnedVersion: 1 });
    await api.create(agent.key, { name: "crm", environment: "staging", kind: "bearer", token: "staging-tok-3c4d" });
    const seen = () =>
      orderRequests.filter((r) => r.path === `/orders/${agent.key}`).map((r) => r.headers.authorization);
    await turn(agent.key, "staging");
    await turn(agent.key);
    expect(seen()).toEqual(["Bearer staging-tok-3c4d", "Bearer default-tok-1a2b"]);
  });

  it("fetches an OAuth token once, reuses it across sessions and instances, and refreshes it after expiry", async () => {
    const agent = await agentWith(
      {
        kind: "oauth2_client_credentials",
        token_url: `${base}/token`,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
      (h) => typeof h.authorization === "string" && issued.includes(h.authorization.slice("Bearer ".length)),
    );
    const calls = tokenCalls;
    // Two turns at once, each as another instance would start: nothing in this process's memory.
    globalThis.__focalOAuthTokens?.clear();
    const both = await Promise.all([turn(agent.key), turn(agent.key)]);
    expect(both.map((call) => call?.ok)).toEqual([true, true]);
    expect(tokenCalls).toBe(calls + 1);
    globalThis.__focalOAuthTokens?.clear();
    expect((await turn(agent.key))?.ok).toBe(true);
    expect(tokenCalls).toBe(calls + 1);
    // The stored token's time is up (and this instance's memory of it): the next call fetches a new one.
    await handle.db
      .update(agentCredentials)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(agentCredentials.agentId, agent.id));
    globalThis.__focalOAuthTokens?.clear();
    expect((await turn(agent.key))?.ok).toBe(true);
    expect(tokenCalls).toBe(calls + 2);
    const [row] = await handle.db.select().from(agentCredentials).where(eq(agentCredentials.agentId, agent.id));
    expect(row?.tokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    for (const token of issued) expect(await tablesContaining(handle, token)).toEqual({});
  });

  it("uses a short-lived token until its margin, then fetches another in this instance", async () => {
    tokenLifetimeS = 1;
    const agent = await agentWith(
      {
        kind: "oauth2_client_credentials",
        token_url: `${base}/token`,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      },
      (h) => typeof h.authorization === "string" && issued.includes(h.authorization.slice("Bearer ".length)),
    );
    try {
      const calls = tokenCalls;
      expect((await turn(agent.key))?.ok).toBe(true);
      expect(tokenCalls).toBe(calls + 1);
      // A 1 s token is used for 0.9 s (its last tenth is the margin); after it, one new fetch.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await turn(agent.key))?.ok).toBe(true);
      expect(tokenCalls).toBe(calls + 2);
    } finally {
      tokenLifetimeS = 3600;
    }
  });
});
