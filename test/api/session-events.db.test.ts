import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as claimRoute } from "@/app/api/v1/handoffs/[id]/claim/route";
import { POST as handoffRoute } from "@/app/api/v1/sessions/[id]/handoff/route";
import { GET as messagesRoute } from "@/app/api/v1/sessions/[id]/messages/route";
import { POST as operatorMessageRoute } from "@/app/api/v1/sessions/[id]/operator-messages/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { insertSessionMessage, setSessionMode } from "@/db/queries/handoffs";
import { sessions } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import type { SessionEvent } from "@/lib/handoffs/session-events";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { demoWithTestsGate, startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey } from "../support/route-call";
import { connectSessionEvents } from "../support/session-event-channel";

// GET /api/v1/sessions/{id}/events (docs/handoffs.md#live-events): what a connected channel sees as
// operators act, resuming after a cursor, who is refused, and the per-process bound on open streams.

let handle: DatabaseHandle;
let adminKey: string;
let otherDeskKey: string;
const opened: AbortController[] = [];

beforeAll(async () => {
  handle = (await startDemoApp([])).handle;
  adminKey = await loopApiKey(handle, ["admin"]);
  const demo = demoWithTestsGate("off");
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key: "other-desk" } }, SYSTEM_ACTOR, "setup");
  otherDeskKey = (
    await handle.db.transaction((tx) =>
      createApiKey(
        tx,
        { name: "other desk", scopes: ["handoffs:read"], agents: ["other-desk"] },
        SYSTEM_ACTOR,
        "setup",
      ),
    )
  ).key;
}, 120_000);
afterEach(() => {
  for (const controller of opened.splice(0)) controller.abort();
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await handle?.close();
});

async function newSession() {
  const agent = await getAgentByKey(handle.db, "refund-desk");
  if (!agent) throw new Error("refund-desk missing");
  return (await createSession(handle.db, { agent, channel: "api", createdBy: "test" })).id;
}

function connect(sessionId: string, options: { query?: string; headers?: Record<string, string>; key?: string } = {}) {
  return connectSessionEvents(sessionId, { ...options, key: options.key ?? adminKey, opened });
}

const api = {
  takeOver: (sessionId: string) =>
    callWithKey(handoffRoute, "POST", `/api/v1/sessions/${sessionId}/handoff`, { id: sessionId }, adminKey, {
      reason: "checking an order",
    }),
  claim: (id: string) => callWithKey(claimRoute, "POST", `/api/v1/handoffs/${id}/claim`, { id }, adminKey),
  reply: (sessionId: string, text: string) =>
    callWithKey(
      operatorMessageRoute,
      "POST",
      `/api/v1/sessions/${sessionId}/operator-messages`,
      { id: sessionId },
      adminKey,
      { text },
    ),
  messages: (sessionId: string) =>
    callWithKey(messagesRoute, "GET", `/api/v1/sessions/${sessionId}/messages`, { id: sessionId }, adminKey),
};

const isMode = (mode: string) => (e: SessionEvent) => e.event === "mode" && e.data.mode === mode;
const isText = (text: string) => (e: SessionEvent) => e.event === "message" && e.data.text === text;

describe("GET /api/v1/sessions/{id}/events", () => {
  it("a connected channel sees the handoff, the claim and the operator's reply as they commit", async () => {
    const sessionId = await newSession();
    const channel = await connect(sessionId);
    expect(channel.response.status).toBe(200);
    expect(channel.response.headers.get("content-type")).toContain("text/event-stream");
    await channel.until(isMode("agent"));

    const taken = await api.takeOver(sessionId);
    expect(taken.status).toBe(201);
    const handoffId = (await taken.json()).handoff.id as string;
    await channel.until(isMode("waiting"));
    await channel.until((e) => e.event === "message" && e.data.event === "handoff_requested");

    expect((await api.claim(handoffId)).status).toBe(200);
    await channel.until(isMode("human"));

    const started = performance.now();
    expect((await api.reply(sessionId, "Hi, I am Dana from billing.")).status).toBe(201);
    const reply = await channel.until(isText("Hi, I am Dana from billing."));
    // The in-process publish after the commit: no poll interval in between.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(reply.event === "message" && reply.data.kind).toBe("operator");
    // Each line once, in transcript order.
    const ids = channel.events.flatMap((e) => (e.event === "message" ? [e.data.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    const transcript = (await (await api.messages(sessionId)).json()).messages.map((m: { id: string }) => m.id);
    expect(ids).toEqual(transcript);
  });

  it("resumes after a cursor (?after= or Last-Event-ID): only what follows it is sent", async () => {
    const sessionId = await newSession();
    const handoffId = (await (await api.takeOver(sessionId)).json()).handoff.id as string;
    await api.claim(handoffId);
    await api.reply(sessionId, "first reply");
    const seen = (await (await api.messages(sessionId)).json()).next_cursor as string;
    await api.reply(sessionId, "second reply");

    for (const resume of [{ query: `?after=${encodeURIComponent(seen)}` }, { headers: { "last-event-id": seen } }]) {
      const channel = await connect(sessionId, resume);
      await channel.until(isText("second reply"));
      await channel.until(isMode("human"));
      expect(
        channel.events.filter((e) => e.event === "message").map((e) => e.event === "message" && e.data.text),
      ).toEqual(["second reply"]);
      channel.close();
    }
    const unknown = await connect(sessionId, { query: "?after=not-a-message" });
    expect(unknown.response.status).toBe(400);
  });

  it("refuses a caller without handoffs:read (403), without a key (401), and out of its grant (404)", async () => {
    const sessionId = await newSession();
    const turnsOnly = await loopApiKey(handle, ["turns:write"]);
    expect((await connect(sessionId, { key: turnsOnly })).response.status).toBe(403);
    expect((await connect(sessionId, { key: "fk_not_a_key_at_all_000000000" })).response.status).toBe(401);
    expect((await connect(sessionId, { key: otherDeskKey })).response.status).toBe(404);
    expect((await connect(crypto.randomUUID())).response.status).toBe(404);
  });

  it("holds at most FOCAL_EVENT_STREAMS_MAX streams; a closed one frees its slot", async () => {
    vi.stubEnv("FOCAL_EVENT_STREAMS_MAX", "1");
    const sessionId = await newSession();
    const first = await connect(sessionId);
    expect(first.response.status).toBe(200);
    const refused = await connect(sessionId);
    expect(refused.response.status).toBe(503);
    expect((await refused.response.json()).error.message).toContain("FOCAL_EVENT_STREAMS_MAX");
    first.close();
    const again = await connect(sessionId);
    expect(again.response.status).toBe(200);
    await again.until(isMode("agent"));
  });

  it("a write this process did not publish (another instance's) reaches the stream through the poll", async () => {
    const sessionId = await newSession();
    const channel = await connect(sessionId);
    await channel.until(isMode("agent"));
    const agent = await getAgentByKey(handle.db, "refund-desk");
    if (!agent) throw new Error("refund-desk missing");
    await handle.db.transaction(async (tx) => {
      await setSessionMode(tx, sessionId, "human");
      await insertSessionMessage(tx, {
        sessionId,
        agentId: agent.id,
        handoffId: null,
        kind: "operator",
        event: null,
        text: "written elsewhere",
        actor: "someone",
      });
    });
    await channel.until(isText("written elsewhere"), 4000);
    await channel.until(isMode("human"));
  });

  it("a deleted session says `gone` and ends the stream", async () => {
    const sessionId = await newSession();
    const channel = await connect(sessionId);
    await channel.until(isMode("agent"));
    await handle.db.delete(sessions).where(eq(sessions.id, sessionId));
    await channel.until((e) => e.event === "gone", 4000);
  });
});
