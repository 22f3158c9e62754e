import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as eventsRoute } from "@/app/api/v1/sessions/[id]/events/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { openStreamCounts } from "@/lib/handoffs/server/session-events/stream-limits";
import { createSession } from "@/lib/turns/server/create-session";
import { issueSessionToken } from "@/lib/widget/server/session-token";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { browserHeaders, ORIGIN } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";
import { createWidgetKey, freshWidgetAgent, openWidgetEvents } from "../support/widget-requests";

// The session event streams a widget's customers may hold (lib/handoffs/server/session-events/stream-limits.ts,
// docs/widget.md#event-streams): a flood from customers is refused with 429 past each limit, and never
// takes the operators' share of the instance's streams. Every request goes to the route handler in
// process; every stream opened is aborted after its case.

let handle: DatabaseHandle;
let admin: string;
let operatorCookie: string;
/**
 * How each open stream is closed, as a client going away closes it: the request aborted and the body
 * cancelled. The cancel matters in process: a Request's own signal follows the one it was given only
 * while the Request is alive (undici holds that link weakly), so an abort alone may never arrive.
 */
const opened: (() => void)[] = [];

beforeAll(async () => {
  const app = await startDemoApp(["viewer"]);
  handle = app.handle;
  operatorCookie = app.cookies.viewer;
  admin = await loopApiKey(handle, ["admin"]);
}, 60_000);

afterEach(async () => {
  for (const close of opened.splice(0)) close();
  // Aborting frees a stream at once; the counts must be back to nothing for the next case.
  await vi.waitFor(() => expect(openStreamCounts()).toEqual({ operators: 0, customers: 0 }));
  vi.unstubAllEnvs();
});

afterAll(async () => {
  await handle?.close();
});

/** A widget session made directly (the widget's own session limits are not what these cases count). */
async function widgetSessions(agentKey: string, keyId: string, count: number) {
  const agent = await getAgentByKey(handle.db, agentKey);
  if (!agent) throw new Error(`${agentKey} missing`);
  const made = [];
  for (let i = 0; i < count; i++) {
    const session = await createSession(handle.db, { agent, channel: "widget", createdBy: "test" });
    const { token } = await issueSessionToken(handle.db, { sessionId: session.id, keyId });
    made.push({ sessionId: session.id, token });
  }
  return made;
}

async function desk() {
  const agentKey = await freshWidgetAgent(handle);
  const { id, key } = await createWidgetKey(admin, agentKey);
  return { agentKey, keyId: id, pk: key };
}

/** One customer's stream attempt; a 200 stays open until the case ends. */
async function customerStream(pk: string, session: { sessionId: string; token: string }, peer: string) {
  const controller = new AbortController();
  const response = await openWidgetEvents(session.sessionId, {
    pk,
    token: session.token,
    peer,
    signal: controller.signal,
  });
  if (response.status === 200) opened.push(closer(controller, response));
  return response;
}

function closer(controller: AbortController, response: Response) {
  return () => {
    controller.abort();
    response.body?.cancel().catch(() => {});
  };
}

/** An operator's stream: an API key's, or the console's sign-in cookie. */
async function operatorStream(sessionId: string, how: { key: string } | { cookie: string }) {
  const controller = new AbortController();
  const headers =
    "key" in how ? new Headers({ authorization: `Bearer ${how.key}` }) : browserHeaders({ cookie: how.cookie });
  const request = new Request(`${ORIGIN}/api/v1/sessions/${sessionId}/events`, { headers, signal: controller.signal });
  const response = await callRoute(eventsRoute as RouteHandler, request, { id: sessionId });
  if (response.status === 200) opened.push(closer(controller, response));
  return response;
}

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe("customers' event streams", () => {
  it("1,000 attempts on one session with one key and one token: 5 open, 995 refused 429; operators still connect", async () => {
    const { agentKey, keyId, pk } = await desk();
    const [session] = await widgetSessions(agentKey, keyId, 1);
    if (!session) throw new Error("no session");
    const started = performance.now();
    const statuses: number[] = [];
    const retryAfter = new Set<string | null>();
    // 50 at a time: as a script would fire them, bounded so the case ends in seconds.
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => customerStream(pk, session, "203.0.113.7")));
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) {
          retryAfter.add(answer.headers.get("retry-after"));
          expect((await answer.json()).error.code).toBe("RATE_LIMITED");
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`event-stream flood: 1,000 attempts in ${seconds.toFixed(2)} s`);
    expect(tally(statuses)).toEqual({ 200: 5, 429: 995 });
    expect([...retryAfter]).toEqual(["10"]);
    expect(openStreamCounts()).toEqual({ operators: 0, customers: 5 });
    expect(seconds).toBeLessThan(30);

    // The same session's operator, by API key and in the console, is never refused because of customers.
    const byKey = await operatorStream(session.sessionId, { key: admin });
    expect(byKey.status).toBe(200);
    const byConsole = await operatorStream(session.sessionId, { cookie: operatorCookie });
    expect(byConsole.status).toBe(200);
    expect(openStreamCounts()).toEqual({ operators: 2, customers: 5 });
  }, 60_000);

  it("an address holds at most 20 across its sessions; IPv6 addresses of one /64 count as one", async () => {
    const { agentKey, keyId, pk } = await desk();
    const sessions = await widgetSessions(agentKey, keyId, 25);
    const statuses: number[] = [];
    for (const [at, session] of sessions.entries()) {
      // Each stream from another address of the same /64, as a host rotating its privacy addresses.
      statuses.push((await customerStream(pk, session, `2001:db8:1:2::${(at + 1).toString(16)}`)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const refused = await customerStream(pk, sessions[20] as { sessionId: string; token: string }, "2001:db8:1:2::99");
    expect((await refused.json()).error.message).toContain("This address");
    // Another /64 is another address.
    const elsewhere = await customerStream(pk, sessions[21] as { sessionId: string; token: string }, "2001:db8:1:3::1");
    expect(elsewhere.status).toBe(200);
  }, 60_000);

  it("a key holds at most half the customers' share, customers at most 80 %; the rest stays the operators'", async () => {
    // 50 streams on this instance: customers 40, one key 20, operators always at least 10.
    vi.stubEnv("FOCAL_EVENT_STREAMS_MAX", "50");
    const first = await desk();
    const second = await desk();
    const third = await desk();
    const open = async (key: { agentKey: string; keyId: string; pk: string }, count: number, net: number) => {
      const sessions = await widgetSessions(key.agentKey, key.keyId, count);
      const statuses = [];
      for (const [at, session] of sessions.entries()) {
        statuses.push((await customerStream(key.pk, session, `198.51.${net}.${at + 1}`)).status);
      }
      return tally(statuses);
    };
    expect(await open(first, 25, 1)).toEqual({ 200: 20, 429: 5 });
    expect(await open(second, 25, 2)).toEqual({ 200: 20, 429: 5 });
    expect(openStreamCounts()).toEqual({ operators: 0, customers: 40 });
    // The customers' share is full: a third key's first stream waits too.
    expect(await open(third, 1, 3)).toEqual({ 429: 1 });

    const [session] = await widgetSessions(first.agentKey, first.keyId, 1);
    const operators = [];
    for (let i = 0; i < 10; i++)
      operators.push((await operatorStream(session?.sessionId ?? "", { key: admin })).status);
    expect(operators).toEqual(Array(10).fill(200));
    // Only a full instance refuses an operator, with 503 as before.
    const full = await operatorStream(session?.sessionId ?? "", { key: admin });
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toBe("5");
  }, 60_000);

  it("a closed stream frees its place at once", async () => {
    const { agentKey, keyId, pk } = await desk();
    const [session] = await widgetSessions(agentKey, keyId, 1);
    if (!session) throw new Error("no session");
    for (let i = 0; i < 5; i++) expect((await customerStream(pk, session, "192.0.2.55")).status).toBe(200);
    expect((await customerStream(pk, session, "192.0.2.55")).status).toBe(429);
    opened[0]?.();
    await vi.waitFor(() => expect(openStreamCounts().customers).toBe(4));
    expect((await customerStream(pk, session, "192.0.2.55")).status).toBe(200);
  });
});
