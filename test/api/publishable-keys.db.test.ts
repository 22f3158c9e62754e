import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as revokeRoute } from "@/app/api/v1/agents/[key]/publishable-keys/[id]/route";
import { POST as createKeyRoute, GET as listKeysRoute } from "@/app/api/v1/agents/[key]/publishable-keys/route";
import { OPTIONS as sessionsPreflight, POST as sessionsRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as eventsRoute } from "@/app/api/v1/sessions/[id]/events/route";
import { POST as turnsRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents, sessions } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { claimHandoff, postOperatorMessage, requestOperatorHandoff } from "@/lib/handoffs/server/operator-actions";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { issueSessionToken } from "@/lib/widget/server/session-token";
import { withEnv } from "@/test/support/file-env";
import { peerHeader } from "../support/auth-requests";
import { concretePath, enumerateRoutes } from "../support/enumerate-endpoints";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { ORIGIN } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";
import { callWithKey } from "../support/route-call";

// Publishable keys end to end through the route handlers (docs/widget.md). Each case makes its own
// agent, key and client address, so no case's counters or sessions reach another's.

const SHOP = "https://shop.example.com";
let handle: DatabaseHandle;
let admin: string;
let agentCount = 0;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

/** A fresh copy of the demo under its own key, with these widget settings. */
async function freshAgent(widget: Record<string, unknown> = {}): Promise<string> {
  agentCount += 1;
  const key = `widget-${agentCount}-${Math.random().toString(36).slice(2, 8)}`;
  const settings = { ...demo.agent.settings, widget };
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key, name: key, settings } }, SYSTEM_ACTOR, "setup");
  return key;
}

async function createKey(agentKey: string, origins = [SHOP]): Promise<{ id: string; key: string }> {
  const response = await callWithKey(
    createKeyRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/publishable-keys`,
    { key: agentKey },
    admin,
    { label: "Shop", allowed_origins: origins },
  );
  expect(response.status).toBe(201);
  return response.json();
}

async function channelOf(sessionId: string): Promise<string | undefined> {
  const [row] = await handle.db.select({ channel: sessions.channel }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.channel;
}

const randomPeer = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

interface PkCall {
  pk: string;
  origin?: string | null;
  token?: string;
  body?: unknown;
  peer?: string;
  query?: string;
  method?: string;
}

function pkRequest(path: string, call: PkCall): Request {
  const headers: Record<string, string> = {
    authorization: `Bearer ${call.pk}`,
    "content-type": "application/json",
    ...peerHeader(call.peer ?? randomPeer()),
  };
  if (call.origin !== null) headers.origin = call.origin ?? SHOP;
  if (call.token) headers["x-focal-session-token"] = call.token;
  return new Request(`${ORIGIN}${path}${call.query ?? ""}`, {
    method: call.method ?? (call.body === undefined ? "GET" : "POST"),
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

function startSession(agentKey: string, call: PkCall) {
  return callRoute(
    sessionsRoute as RouteHandler,
    pkRequest(`/api/v1/agents/${agentKey}/sessions`, { body: {}, ...call }),
    { key: agentKey },
  );
}

function postTurn(sessionId: string, call: PkCall) {
  return callRoute(
    turnsRoute as RouteHandler,
    pkRequest(`/api/v1/sessions/${sessionId}/turns`, { body: { message: "where is my order?" }, ...call }),
    { id: sessionId },
  );
}

/** A widget session on a fresh agent: its key, session id and token. */
async function widgetSession(widget: Record<string, unknown> = {}) {
  const agentKey = await freshAgent(widget);
  const { id, key } = await createKey(agentKey);
  const peer = randomPeer();
  const response = await startSession(agentKey, { pk: key, peer });
  expect(response.status).toBe(201);
  const body = await response.json();
  return {
    agentKey,
    keyId: id,
    pk: key,
    peer,
    sessionId: body.session_id as string,
    token: body.session_token as string,
  };
}

describe("publishable keys: admin REST", () => {
  it("creates a key shown once, lists it by prefix, revokes it, and the ledger never holds the key", async () => {
    const agentKey = await freshAgent();
    const created = await createKey(agentKey, [SHOP, "http://localhost:3000"]);
    expect(created.key).toMatch(/^pk_/);
    const list = await callWithKey(
      listKeysRoute as RouteHandler,
      "GET",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      admin,
    );
    const listed = (await list.json()).publishable_keys;
    expect(listed).toEqual([
      expect.objectContaining({ id: created.id, label: "Shop", allowed_origins: [SHOP, "http://localhost:3000"] }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const revoked = await callWithKey(
      revokeRoute as RouteHandler,
      "DELETE",
      `/api/v1/agents/${agentKey}/publishable-keys/${created.id}`,
      { key: agentKey, id: created.id },
      admin,
    );
    expect(await revoked.json()).toEqual({ revoked: created.id });
    const again = await callWithKey(
      listKeysRoute as RouteHandler,
      "GET",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      admin,
    );
    expect((await again.json()).publishable_keys).toEqual([]);
    const events = await handle.db.select().from(ledgerEvents);
    const mine = events.filter((e) => JSON.stringify(e.payload).includes(created.id));
    expect(mine.map((e) => e.type).sort()).toEqual(["PUBLISHABLE_KEY_CREATED", "PUBLISHABLE_KEY_REVOKED"]);
    expect(JSON.stringify(mine)).not.toContain(created.key);
  });

  it("refuses a wildcard, a path or a bad scheme in the origins with each field, writing nothing", async () => {
    const agentKey = await freshAgent();
    const before = await tableCounts(handle);
    const response = await callWithKey(
      createKeyRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      admin,
      { label: "Shop", allowed_origins: ["https://*.example.com", "https://shop.example.com/chat", "ftp://x.example"] },
    );
    expect(response.status).toBe(422);
    const paths = (await response.json()).errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(["allowed_origins[0]", "allowed_origins[1]", "allowed_origins[2]"]);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("stores an origin typed with a trailing slash as the origin, and refuses a path that ends in one", async () => {
    const agentKey = await freshAgent();
    const created = await callWithKey(
      createKeyRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      admin,
      { label: "Shop", allowed_origins: ["https://Shop.Example.com/", "http://localhost:3000/"] },
    );
    expect(created.status).toBe(201);
    expect((await created.json()).allowed_origins).toEqual([SHOP, "http://localhost:3000"]);

    const before = await tableCounts(handle);
    const refused = await callWithKey(
      createKeyRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      admin,
      {
        label: "Shop",
        allowed_origins: ["https://shop.example.com/chat/", "https://shop.example.com//", `${SHOP}/`, SHOP],
      },
    );
    expect(refused.status).toBe(422);
    const paths = (await refused.json()).errors.map((e: { path: string; message: string }) => e.path);
    expect(paths).toEqual(["allowed_origins[0]", "allowed_origins[1]", "allowed_origins"]);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a secret key without the admin scope cannot create one", async () => {
    const agentKey = await freshAgent();
    const writer = await loopApiKey(handle, ["agents:write", "turns:write"]);
    const before = await tableCounts(handle);
    const response = await callWithKey(
      createKeyRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      writer,
      { label: "Shop", allowed_origins: [SHOP] },
    );
    expect(response.status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("publishable keys: the three routes and nothing else", () => {
  it("every other /api/v1 route refuses a pk key with 403 PUBLISHABLE_KEY_NOT_ALLOWED, writing nothing", async () => {
    const agentKey = await freshAgent();
    const { key } = await createKey(agentKey);
    const routes = (await enumerateRoutes()).filter((r) => r.urlPath.startsWith("/api/v1/") && r.meta);
    const allowed = routes.filter((r) => r.meta?.publishable).map((r) => `${r.method} ${r.urlPath}`);
    expect(allowed.sort()).toEqual([
      "GET /api/v1/sessions/[id]/events",
      "POST /api/v1/agents/[key]/sessions",
      "POST /api/v1/sessions/[id]/turns",
    ]);
    const refused = routes.filter((r) => !r.meta?.publishable);
    expect(refused.length).toBeGreaterThan(40);
    const before = await tableCounts(handle);
    for (const route of refused) {
      const { url, params } = concretePath(route.urlPath);
      const withAgent = params.key ? { ...params, key: agentKey } : params;
      const path = params.key ? url.replace("refund-desk", agentKey) : url;
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
      const response = await route.handler(pkRequest(path, { pk: key, body, method: route.method }), {
        params: Promise.resolve(withAgent),
      });
      expect([route.method, route.urlPath, response.status]).toEqual([route.method, route.urlPath, 403]);
      expect((await response.json()).error.code).toBe("PUBLISHABLE_KEY_NOT_ALLOWED");
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an allowed Origin starts a session with a token, and the answer may be read by that page", async () => {
    const agentKey = await freshAgent();
    const { key } = await createKey(agentKey);
    const response = await startSession(agentKey, { pk: key });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.session_token).toMatch(/^v1\./);
    const hours = (Date.parse(body.session_token_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(response.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(response.headers.get("vary")).toContain("Origin");
    expect(body.widget).toEqual({ show_why: true });
    expect(await channelOf(body.session_id)).toBe("widget");
  });

  it("a widget cannot start a session in draft (unreleased changes), writing nothing", async () => {
    const agentKey = await freshAgent();
    const { key } = await createKey(agentKey);
    const before = await tableCounts(handle);
    const response = await startSession(agentKey, { pk: key, body: { environment: "draft" } });
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([{ path: "environment", message: expect.any(String) }]);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("the session's answer tells the widget whether to show why an answer was given", async () => {
    const agentKey = await freshAgent({ show_why: false });
    const { key } = await createKey(agentKey);
    const response = await startSession(agentKey, { pk: key });
    expect(response.status).toBe(201);
    expect((await response.json()).widget).toEqual({ show_why: false });
  });

  it("an Origin the key does not list is refused with 403 ORIGIN_NOT_ALLOWED, writing nothing", async () => {
    const agentKey = await freshAgent();
    const { key } = await createKey(agentKey);
    const before = await tableCounts(handle);
    const response = await startSession(agentKey, { pk: key, origin: "https://evil.example.com" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("ORIGIN_NOT_ALLOWED");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a request with no Origin is refused with 403 ORIGIN_NOT_ALLOWED, writing nothing", async () => {
    const agentKey = await freshAgent();
    const { key } = await createKey(agentKey);
    const before = await tableCounts(handle);
    const response = await startSession(agentKey, { pk: key, origin: null });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("ORIGIN_NOT_ALLOWED");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("another agent's key answers 404 on the agent route, writing nothing", async () => {
    const mine = await freshAgent();
    const other = await freshAgent();
    const { key } = await createKey(other);
    const before = await tableCounts(handle);
    const response = await startSession(mine, { pk: key });
    expect(response.status).toBe(404);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a revoked key answers 401, writing nothing", async () => {
    const agentKey = await freshAgent();
    const { id, key } = await createKey(agentKey);
    await callWithKey(
      revokeRoute as RouteHandler,
      "DELETE",
      `/api/v1/agents/${agentKey}/publishable-keys/${id}`,
      { key: agentKey, id },
      admin,
    );
    const before = await tableCounts(handle);
    const response = await startSession(agentKey, { pk: key });
    expect(response.status).toBe(401);
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("publishable keys: session tokens", () => {
  it("a turn with its session's token is answered", async () => {
    const session = await widgetSession();
    const response = await postTurn(session.sessionId, { pk: session.pk, token: session.token, peer: session.peer });
    expect(response.status).toBe(200);
    expect((await response.json()).session_id).toBe(session.sessionId);
    expect(response.headers.get("access-control-allow-origin")).toBe(SHOP);
  });

  it("another session's token, or none, is refused with 403 SESSION_TOKEN_INVALID, writing nothing", async () => {
    const first = await widgetSession();
    const second = await startSession(first.agentKey, { pk: first.pk });
    const { session_token: otherToken } = await second.json();
    const before = await tableCounts(handle);
    for (const token of [otherToken, undefined, `${first.token}x`]) {
      const response = await postTurn(first.sessionId, { pk: first.pk, token });
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe("SESSION_TOKEN_INVALID");
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a token past its 24 hours is refused, writing nothing", async () => {
    const session = await widgetSession();
    const dayAndHourAgo = Date.now() - 25 * 3_600_000;
    const stale = await issueSessionToken(
      handle.db,
      { sessionId: session.sessionId, keyId: session.keyId },
      dayAndHourAgo,
    );
    const before = await tableCounts(handle);
    const response = await postTurn(session.sessionId, { pk: session.pk, token: stale.token });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("SESSION_TOKEN_INVALID");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a streamed turn (Accept: text/event-stream) with its token may be read by the page", async () => {
    const session = await widgetSession();
    const request = pkRequest(`/api/v1/sessions/${session.sessionId}/turns`, {
      pk: session.pk,
      token: session.token,
      peer: session.peer,
      body: { message: "where is my order?" },
    });
    request.headers.set("accept", "text/event-stream");
    const response = await (turnsRoute as RouteHandler)(request, {
      params: Promise.resolve({ id: session.sessionId }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(await response.text()).toContain("event: turn");
  });

  it("the token of a session made with another key of the same agent is refused", async () => {
    const first = await widgetSession();
    const { key: otherKey } = await createKey(first.agentKey);
    const before = await tableCounts(handle);
    const response = await postTurn(first.sessionId, { pk: otherKey, token: first.token });
    expect(response.status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("events open with ?session_token= (EventSource sends no headers) and refuse another session's token", async () => {
    const first = await widgetSession();
    const other = await widgetSession();
    const abort = new AbortController();
    const path = `/api/v1/sessions/${first.sessionId}/events`;
    const request = pkRequest(path, { pk: first.pk, query: `?session_token=${encodeURIComponent(first.token)}` });
    const opened = await (eventsRoute as RouteHandler)(new Request(request, { signal: abort.signal }), {
      params: Promise.resolve({ id: first.sessionId }),
    });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toContain("text/event-stream");
    expect(opened.headers.get("access-control-allow-origin")).toBe(SHOP);
    abort.abort();
    await opened.body?.cancel();
    const refused = await (eventsRoute as RouteHandler)(
      pkRequest(path, { pk: first.pk, query: `?session_token=${encodeURIComponent(other.token)}` }),
      { params: Promise.resolve({ id: first.sessionId }) },
    );
    expect(refused.status).toBe(403);
  });
});

describe("publishable keys on the hosted chat page (Focal's own origin)", () => {
  // Browsers send no Origin on a same-origin GET; the hosted page's events stream is one.
  async function openEvents(fetchSite: string | null) {
    const agentKey = await freshAgent();
    const { key } = await createKey(agentKey, [ORIGIN]);
    const started = await startSession(agentKey, { pk: key, origin: ORIGIN });
    expect(started.status).toBe(201);
    const { session_id: sessionId, session_token: token } = await started.json();
    const request = pkRequest(`/api/v1/sessions/${sessionId}/events`, { pk: key, origin: null, token });
    request.headers.set("host", new URL(ORIGIN).host);
    if (fetchSite) request.headers.set("sec-fetch-site", fetchSite);
    const abort = new AbortController();
    const response = await (eventsRoute as RouteHandler)(new Request(request, { signal: abort.signal }), {
      params: Promise.resolve({ id: sessionId }),
    });
    if (response.status !== 200) return response;
    abort.abort();
    await response.body?.cancel();
    return response;
  }

  it("a same-origin GET with no Origin opens the events stream when the key lists Focal's own origin", async () => {
    const response = await openEvents("same-origin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
  });

  it("with no Origin and no same-origin fetch metadata it is still refused", async () => {
    for (const site of [null, "cross-site", "same-site"]) {
      const response = await openEvents(site);
      expect(response.status, String(site)).toBe(403);
      expect((await response.json()).error.code).toBe("ORIGIN_NOT_ALLOWED");
    }
  });
});

describe("publishable keys: the customer's view of events", () => {
  /** A widget session a person has taken over and written in, as dana@support.test. */
  async function sessionWithOperatorMessage() {
    const session = await widgetSession();
    const acting = { actor: { kind: "operator" as const, name: "dana@support.test", id: "op-1" }, requestId: "req" };
    const { handoff } = await requestOperatorHandoff(handle.db, {
      ...acting,
      sessionId: session.sessionId,
      reason: "probe",
    });
    await claimHandoff(handle.db, { ...acting, handoffId: handoff.id });
    await postOperatorMessage(handle.db, { ...acting, sessionId: session.sessionId, text: "Hello, I am Dana." });
    return session;
  }

  /** The events stream's text up to the operator's message. */
  async function readToDana(request: Request, sessionId: string): Promise<string> {
    const abort = new AbortController();
    const opened = await (eventsRoute as RouteHandler)(new Request(request, { signal: abort.signal }), {
      params: Promise.resolve({ id: sessionId }),
    });
    const reader = opened.body?.getReader();
    let text = "";
    while (reader && !text.includes("Hello, I am Dana.")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    abort.abort();
    await reader?.cancel();
    return text;
  }

  it("an operator's message reaches the widget without the operator's e-mail or the handoff's reason", async () => {
    const session = await sessionWithOperatorMessage();
    const request = pkRequest(`/api/v1/sessions/${session.sessionId}/events`, { pk: session.pk, token: session.token });
    const text = await readToDana(request, session.sessionId);
    expect(text).toContain("Hello, I am Dana.");
    expect(text).toContain("A member of our team joined the conversation.");
    expect(text).not.toContain("dana@support.test");
    expect(text).not.toContain("VIP complaint");
  });

  it("the customer reads their own masked words back, even masked after the stream opened; operators keep placeholders", async () => {
    await withEnv({ FOCAL_VAULT_KEY: "c".repeat(64) }, async () => {
      const card = "4111 1111 1111 1111";
      const otherCard = "5555 5555 5555 4444";
      const session = await widgetSession();
      const own = pkRequest(`/api/v1/sessions/${session.sessionId}/events`, { pk: session.pk, token: session.token });
      // Opened before either card is said; the second card's placeholder is new to the vault the first opened.
      const streamed = readToDana(own, session.sessionId);
      for (const message of [`Please refund to my card ${card}`, `or else ${otherCard}`]) {
        const turn = await postTurn(session.sessionId, { pk: session.pk, token: session.token, body: { message } });
        expect(turn.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const acting = { actor: { kind: "operator" as const, name: "dana@support.test", id: "op-1" }, requestId: "req" };
      const { handoff } = await requestOperatorHandoff(handle.db, {
        ...acting,
        sessionId: session.sessionId,
        reason: "x",
      });
      await claimHandoff(handle.db, { ...acting, handoffId: handoff.id });
      await postOperatorMessage(handle.db, { ...acting, sessionId: session.sessionId, text: "Hello, I am Dana." });

      const live = await streamed;
      expect(live).toContain(`Please refund to my card ${card}`);
      expect(live).toContain(`or else ${otherCard}`);
      expect(live).not.toMatch(/\[CARD_\d\]/);
      const reloaded = await readToDana(own, session.sessionId);
      expect(reloaded).toContain(`Please refund to my card ${card}`);
      expect(reloaded).toContain(`or else ${otherCard}`);
      expect(reloaded).not.toMatch(/\[CARD_\d\]/);

      const reader = await loopApiKey(handle, ["handoffs:read"]);
      for (const query of ["", "?view=customer"]) {
        const request = new Request(`${ORIGIN}/api/v1/sessions/${session.sessionId}/events${query}`, {
          headers: { authorization: `Bearer ${reader}` },
        });
        const operator = await readToDana(request, session.sessionId);
        expect(operator, query).toContain("Please refund to my card [CARD_1]");
        expect(operator, query).not.toContain(card);
      }
    });
  });

  it("a console reader gets the same customer's view with ?view=customer, and who wrote without it", async () => {
    const session = await sessionWithOperatorMessage();
    const reader = await loopApiKey(handle, ["handoffs:read"]);
    const events = (query: string) =>
      new Request(`${ORIGIN}/api/v1/sessions/${session.sessionId}/events${query}`, {
        headers: { authorization: `Bearer ${reader}` },
      });
    const customer = await readToDana(events("?view=customer"), session.sessionId);
    expect(customer).toContain("Hello, I am Dana.");
    expect(customer).not.toContain("dana@support.test");
    const operator = await readToDana(events(""), session.sessionId);
    expect(operator).toContain("dana@support.test");
  });
});

describe("publishable keys: CORS preflight", () => {
  const preflight = (agentKey: string, origin: string) =>
    (sessionsPreflight as RouteHandler)(
      new Request(`${ORIGIN}/api/v1/agents/${agentKey}/sessions`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
      }),
      { params: Promise.resolve({ key: agentKey }) },
    );

  it("answers 204 allowing an Origin a live key of the agent lists", async () => {
    const agentKey = await freshAgent();
    await createKey(agentKey);
    const response = await preflight(agentKey, SHOP);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect(response.headers.get("access-control-allow-headers")).toContain("x-focal-session-token");
    expect(response.headers.get("vary")).toBe("Origin");
  });

  it("answers 204 without Allow-Origin for an Origin no key lists", async () => {
    const agentKey = await freshAgent();
    await createKey(agentKey);
    const response = await preflight(agentKey, "https://evil.example.com");
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(response.headers.get("vary")).toBe("Origin");
  });
});

describe("publishable keys: limits per end customer", () => {
  it("a session's second turn in a minute past a limit of 1 is 429 with Retry-After, and no turn is stored", async () => {
    const session = await widgetSession({ turns_per_minute_per_session: 1 });
    const first = await postTurn(session.sessionId, { pk: session.pk, token: session.token, peer: session.peer });
    expect(first.status).toBe(200);
    const turnsBefore = (await tableCounts(handle)).turns;
    const second = await postTurn(session.sessionId, { pk: session.pk, token: session.token, peer: session.peer });
    expect(second.status).toBe(429);
    expect((await second.json()).error.code).toBe("RATE_LIMITED");
    const retryAfter = Number(second.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(second.headers.get("access-control-allow-origin")).toBe(SHOP);
    expect((await tableCounts(handle)).turns).toBe(turnsBefore);
  });

  it("an address's turns a minute count across its sessions", async () => {
    const first = await widgetSession({ turns_per_minute_per_address: 1 });
    const second = await startSession(first.agentKey, { pk: first.pk, peer: first.peer });
    const { session_id: secondId, session_token: secondToken } = await second.json();
    expect((await postTurn(first.sessionId, { pk: first.pk, token: first.token, peer: first.peer })).status).toBe(200);
    const refused = await postTurn(secondId, { pk: first.pk, token: secondToken, peer: first.peer });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("an address's second session in an hour past a limit of 1 is 429 with Retry-After, and no session is stored", async () => {
    const agentKey = await freshAgent({ sessions_per_hour_per_address: 1 });
    const { key } = await createKey(agentKey);
    const peer = randomPeer();
    expect((await startSession(agentKey, { pk: key, peer })).status).toBe(201);
    const sessionsBefore = (await tableCounts(handle)).sessions;
    const second = await startSession(agentKey, { pk: key, peer });
    expect(second.status).toBe(429);
    expect((await second.json()).error.code).toBe("RATE_LIMITED");
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await tableCounts(handle)).sessions).toBe(sessionsBefore);
    expect((await startSession(agentKey, { pk: key, peer: randomPeer() })).status).toBe(201);
  });

  it("a key's sessions an hour count across addresses", async () => {
    const agentKey = await freshAgent({ sessions_per_hour_per_key: 2 });
    const { key } = await createKey(agentKey);
    expect((await startSession(agentKey, { pk: key })).status).toBe(201);
    expect((await startSession(agentKey, { pk: key })).status).toBe(201);
    expect((await startSession(agentKey, { pk: key })).status).toBe(429);
  });
});

describe("publishable keys: secret keys unchanged", () => {
  it("a secret key starts a session without a token and needs no Origin", async () => {
    const agentKey = await freshAgent();
    const writer = await loopApiKey(handle, ["turns:write"]);
    const response = await callWithKey(
      sessionsRoute as RouteHandler,
      "POST",
      `/api/v1/agents/${agentKey}/sessions`,
      { key: agentKey },
      writer,
      {},
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["session_id"]);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    expect(await channelOf(body.session_id)).toBe("api");
  });
});
