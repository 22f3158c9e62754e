import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as claimRoute } from "@/app/api/v1/handoffs/[id]/claim/route";
import { POST as returnRoute } from "@/app/api/v1/handoffs/[id]/return/route";
import { GET as listRoute } from "@/app/api/v1/handoffs/route";
import { POST as handoffRoute } from "@/app/api/v1/sessions/[id]/handoff/route";
import { GET as messagesRoute } from "@/app/api/v1/sessions/[id]/messages/route";
import { POST as operatorMessageRoute } from "@/app/api/v1/sessions/[id]/operator-messages/route";
import { GET as sessionRoute } from "@/app/api/v1/sessions/[id]/route";
import { POST as turnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { countUnreadClaims } from "@/db/queries/handoffs";
import { handoffs, ledgerEvents, sessions, turns } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { HandoffSettings } from "@/lib/engine/contracts/people-settings";
import { createScriptedProvider, fail, generated } from "@/lib/engine/testing/scripted-provider";
import { requestOperatorHandoff } from "@/lib/handoffs/server/operator-actions";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { hostPorts, overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { demoWithTestsGate, startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithCookie, callWithKey } from "../support/route-call";

// Handoffs to a person (docs/handoffs.md) through the REST routes and the turn host: every way a
// handoff is asked for, every operator step and refusal, the transcript and the session's ledger chain.

const HANDOFF_MESSAGE = HandoffSettings.defaults.message;
let handle: DatabaseHandle;
let adminKey: string;
/** handoffs:read and handoffs:write, limited to other-desk. */
let otherDeskKey: string;
let cookies: Record<"operator" | "viewer", string>;

beforeAll(async () => {
  const app = await startDemoApp(["operator", "viewer"]);
  handle = app.handle;
  cookies = app.cookies;
  adminKey = await loopApiKey(handle, ["admin"]);
  const demo = demoWithTestsGate("off");
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key: "other-desk" } }, SYSTEM_ACTOR, "setup");
  otherDeskKey = (
    await handle.db.transaction((tx) =>
      createApiKey(
        tx,
        { name: "other desk", scopes: ["handoffs:read", "handoffs:write", "turns:write"], agents: ["other-desk"] },
        SYSTEM_ACTOR,
        "setup",
      ),
    )
  ).key;
}, 120_000);
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

async function newSession(agentKey = "refund-desk") {
  const agent = await getAgentByKey(handle.db, agentKey);
  if (!agent) throw new Error(`${agentKey} missing`);
  return (await createSession(handle.db, { agent, channel: "api", createdBy: "test" })).id;
}

async function say(sessionId: string, message: string, key = adminKey) {
  const response = await callWithKey(turnRoute, "POST", `/api/v1/sessions/${sessionId}/turns`, { id: sessionId }, key, {
    message,
  });
  expect(response.status).toBe(200);
  return response.json();
}

const api = {
  takeOver: (sessionId: string, reason: string, key = adminKey) =>
    callWithKey(handoffRoute, "POST", `/api/v1/sessions/${sessionId}/handoff`, { id: sessionId }, key, { reason }),
  claim: (id: string, key = adminKey) => callWithKey(claimRoute, "POST", `/api/v1/handoffs/${id}/claim`, { id }, key),
  reply: (sessionId: string, text: string, key = adminKey) =>
    callWithKey(
      operatorMessageRoute,
      "POST",
      `/api/v1/sessions/${sessionId}/operator-messages`,
      { id: sessionId },
      key,
      {
        text,
      },
    ),
  giveBack: (id: string, note: string, key = adminKey) =>
    callWithKey(returnRoute, "POST", `/api/v1/handoffs/${id}/return`, { id }, key, { note }),
  messages: (sessionId: string, query = "", key = adminKey) =>
    callWithKey(messagesRoute, "GET", `/api/v1/sessions/${sessionId}/messages${query}`, { id: sessionId }, key),
  list: (query = "", key = adminKey) => callWithKey(listRoute, "GET", `/api/v1/handoffs${query}`, {}, key),
};

async function modeOf(sessionId: string) {
  const [row] = await handle.db.select({ mode: sessions.mode }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.mode;
}

async function openHandoff(sessionId: string) {
  const [row] = await handle.db
    .select()
    .from(handoffs)
    .where(and(eq(handoffs.sessionId, sessionId)));
  if (!row) throw new Error("no handoff");
  return row;
}

async function chainTypes(sessionId: string) {
  const rows = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.chain, sessionId));
  return rows.sort((a, b) => a.chainSeq - b.chainSeq).map((r) => r.type);
}

/** A session an operator took over with the API, handoff id and session id. */
async function takenOver() {
  const sessionId = await newSession();
  const response = await api.takeOver(sessionId, "customer is a VIP");
  expect(response.status).toBe(201);
  const body = await response.json();
  return { sessionId, handoffId: body.handoff.id as string };
}

describe("asking for a person", () => {
  it("a customer asking for a human hands off with the hand-off message and no model call", async () => {
    const model = createScriptedProvider({});
    overrideHostPorts({ model });
    const sessionId = await newSession();
    const turn = await say(sessionId, "Can I talk to a real person please?");
    expect(turn).toMatchObject({ outcome: "handoff", response: HANDOFF_MESSAGE, model_calls: 0 });
    expect(model.calls).toHaveLength(0);
    expect(await modeOf(sessionId)).toBe("waiting");
    expect(await openHandoff(sessionId)).toMatchObject({
      reason: "customer_request",
      state: "waiting",
      requestTurnId: turn.turn_id,
    });
    expect(await chainTypes(sessionId)).toEqual(["TURN_COMPLETED", "HANDOFF_REQUESTED"]);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("max-refund still broken after regeneration hands off instead of the fallback refusal", async () => {
    const promise75 = "Good news: I have refunded the full $75.00 for order 123 to your card.";
    const model = createScriptedProvider({ generate: [generated(promise75), generated(promise75)] }, hostPorts().model);
    overrideHostPorts({ model });
    const sessionId = await newSession();
    const turn = await say(sessionId, "I'm in France and want a refund for order 123");
    expect(turn.outcome).toBe("handoff");
    expect(turn.response).toBe(HANDOFF_MESSAGE);
    expect(turn.provenance.fallback_reason).toBe("enforcement_exhausted");
    expect(model.requestsOf("generate")).toHaveLength(2);
    expect(await openHandoff(sessionId)).toMatchObject({ reason: "rule", detail: "max-refund" });
    expect(await modeOf(sessionId)).toBe("waiting");
  });

  it("the demo's France example still regenerates to a compliant reply, with no handoff", async () => {
    const sessionId = await newSession();
    const turn = await say(sessionId, "I'm in France and want a refund for order 123");
    expect(turn.outcome).toBe("regenerated");
    expect(await modeOf(sessionId)).toBe("agent");
  });

  it("the second fallback in a row hands off; the first only falls back", async () => {
    overrideHostPorts({
      model: createScriptedProvider({ sense: () => fail("timeout"), generate: () => fail("timeout") }),
    });
    const sessionId = await newSession();
    const first = await say(sessionId, "How much does the blue kettle cost?");
    expect(first.outcome).toBe("fallback");
    expect(await modeOf(sessionId)).toBe("agent");
    const second = await say(sessionId, "And how much is the red kettle?");
    expect(second).toMatchObject({ outcome: "handoff", response: HANDOFF_MESSAGE });
    expect(second.provenance.fallback_reason).toBe("timeout");
    expect(await openHandoff(sessionId)).toMatchObject({ reason: "repeated_fallback", detail: "2 fallbacks in a row" });
  });

  it("an operator takes a session over: 201 waiting, then a second request is 409 and writes nothing", async () => {
    const { sessionId, handoffId } = await takenOver();
    expect(await openHandoff(sessionId)).toMatchObject({
      id: handoffId,
      reason: "operator",
      detail: "customer is a VIP",
    });
    const shown = await callWithKey(sessionRoute, "GET", `/api/v1/sessions/${sessionId}`, { id: sessionId }, adminKey);
    expect((await shown.json()).session.mode).toBe("waiting");
    const before = await tableCounts(handle);
    const again = await api.takeOver(sessionId, "again");
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toContain(handoffId);
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("while a person has the session", () => {
  it("a customer turn is stored as queued_for_human, runs no model and no pipeline, and is on the chain", async () => {
    const { sessionId } = await takenOver();
    const model = createScriptedProvider({});
    overrideHostPorts({ model });
    const turn = await say(sessionId, "hello? anyone there?");
    expect(turn).toMatchObject({ outcome: "queued_for_human", response: "", model_calls: 0 });
    expect(model.calls).toHaveLength(0);
    const [row] = await handle.db.select().from(turns).where(eq(turns.id, turn.turn_id));
    expect(row).toMatchObject({ outcome: "queued_for_human", userMessage: "hello? anyone there?", turnIndex: 0 });
    expect(await chainTypes(sessionId)).toEqual(["HANDOFF_REQUESTED", "TURN_COMPLETED"]);
    const transcript = await (await api.messages(sessionId)).json();
    expect(transcript.messages.map((m: { kind: string }) => m.kind)).toEqual(["system", "customer"]);
  });

  it("a turn running for the agent when an operator takes over is stored as queued, its draft never shipped", async () => {
    const sessionId = await newSession();
    const model = createScriptedProvider(
      {
        generate: async (_request, call) => {
          // The operator takes the session over while the turn is generating.
          if (call === 0)
            await requestOperatorHandoff(handle.db, { sessionId, reason: "mine", actor: SYSTEM_ACTOR, requestId: "r" });
          return generated("DRAFT-FOR-AGENT-MODE: the blue kettle is $20.");
        },
      },
      hostPorts().model,
    );
    overrideHostPorts({ model });
    const turn = await say(sessionId, "How much does the blue kettle cost?");
    expect(turn).toMatchObject({ outcome: "queued_for_human", response: "" });
    const rows = await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("DRAFT-FOR-AGENT-MODE");
    expect(await chainTypes(sessionId)).toEqual(["HANDOFF_REQUESTED", "TURN_COMPLETED"]);
  });
});

describe("operator steps and refusals", () => {
  it("claim → 200 human; a second claim is 409 naming who holds it, and writes nothing", async () => {
    const { sessionId, handoffId } = await takenOver();
    const claimed = await callWithCookie(cookies.operator, claimRoute, "POST", `/api/v1/handoffs/${handoffId}/claim`, {
      id: handoffId,
    });
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toMatchObject({
      session_mode: "human",
      handoff: { state: "claimed", claimed_by: "operator@focal.test" },
    });
    expect(await modeOf(sessionId)).toBe("human");
    const before = await tableCounts(handle);
    const second = await api.claim(handoffId);
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toContain("already claimed by operator@focal.test");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an operator message while the agent has the session is 409; empty or over-long text is 422; nothing written", async () => {
    const sessionId = await newSession();
    const before = await tableCounts(handle);
    expect((await api.reply(sessionId, "Hi, this is Sam.")).status).toBe(409);
    const { sessionId: taken } = await takenOver();
    const afterTakeover = await tableCounts(handle);
    for (const text of ["", "   ", "x".repeat(4001)]) {
      const response = await api.reply(taken, text);
      expect(response.status).toBe(422);
      expect((await response.json()).errors[0].path).toBe("text");
    }
    expect(await tableCounts(handle)).toEqual(afterTakeover);
    expect(afterTakeover.session_messages).toBe((before.session_messages ?? 0) + 1);
  });

  it("an operator message is stored and ledgered as a hash of its text, never the text", async () => {
    const { sessionId, handoffId } = await takenOver();
    expect((await api.claim(handoffId)).status).toBe(200);
    const response = await api.reply(sessionId, "Hi, this is Sam from billing.");
    expect(response.status).toBe(201);
    expect((await response.json()).message).toMatchObject({ kind: "operator", text: "Hi, this is Sam from billing." });
    const events = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.chain, sessionId));
    const logged = events.find((e) => e.type === "OPERATOR_MESSAGE");
    expect(logged?.payload.text_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(events)).not.toContain("Sam from billing");
  });

  it("return → agent mode; the next turn runs the agent with the note in its generation request, once", async () => {
    const { sessionId, handoffId } = await takenOver();
    expect((await api.claim(handoffId)).status).toBe(200);
    await say(sessionId, "Is anyone looking at my order 123?");
    const returned = await api.giveBack(handoffId, "Refund of $80 approved by billing; confirm it if asked.");
    expect(returned.status).toBe(200);
    expect(await returned.json()).toMatchObject({ session_mode: "agent", handoff: { state: "closed" } });
    const model = createScriptedProvider({}, hostPorts().model);
    overrideHostPorts({ model });
    const next = await say(sessionId, "Thanks, so what happens with my refund for order 123?");
    expect(next.outcome).not.toBe("queued_for_human");
    expect(model.requestsOf("generate")[0]?.operatorNote).toBe(
      "Refund of $80 approved by billing; confirm it if asked.",
    );
    // The queued message is in the agent's history; the reply it never got is not an empty line.
    expect(model.requestsOf("generate")[0]?.history).toEqual([
      { role: "user", text: "Is anyone looking at my order 123?" },
    ]);
    const later = createScriptedProvider({}, hostPorts().model);
    overrideHostPorts({ model: later });
    await say(sessionId, "ok and when will it arrive?");
    expect(later.requestsOf("generate").every((r) => r.operatorNote === undefined)).toBe(true);
    // Closed: returning or claiming it again is 409, and writes nothing.
    const before = await tableCounts(handle);
    expect((await api.giveBack(handoffId, "")).status).toBe(409);
    const reclaim = await api.claim(handoffId);
    expect(reclaim.status).toBe(409);
    expect((await reclaim.json()).error.message).toContain("closed");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("the transcript has every message in order, each turn's with its turn id, and pages with after", async () => {
    const sessionId = await newSession();
    const first = await say(sessionId, "How much does the blue kettle cost?");
    const asked = await say(sessionId, "I want to speak to a human");
    const handoffId = (await openHandoff(sessionId)).id;
    await api.claim(handoffId);
    await api.reply(sessionId, "Hello, Sam here.");
    const queued = await say(sessionId, "Hi Sam");
    await api.giveBack(handoffId, "");
    const body = await (await api.messages(sessionId)).json();
    expect(body.mode).toBe("agent");
    expect(body.messages.map((m: { kind: string; event: string | null }) => m.event ?? m.kind)).toEqual([
      "customer",
      "agent",
      "customer",
      "agent",
      "handoff_requested",
      "handoff_claimed",
      "operator",
      "customer",
      "handoff_returned",
    ]);
    expect(body.messages[0].turn_id).toBe(first.turn_id);
    expect(body.messages[3]).toMatchObject({ turn_id: asked.turn_id, text: HANDOFF_MESSAGE });
    expect(body.messages[7].turn_id).toBe(queued.turn_id);
    expect(body.messages[6]).toMatchObject({ turn_id: null, text: "Hello, Sam here." });
    const page = await (await api.messages(sessionId, `?after=${body.messages[5].id}&limit=2`)).json();
    expect(page.messages.map((m: { id: string }) => m.id)).toEqual([body.messages[6].id, body.messages[7].id]);
    expect(page.has_more).toBe(true);
    expect((await api.messages(sessionId, "?after=nonsense")).status).toBe(400);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
    expect(await chainTypes(sessionId)).toEqual([
      "TURN_COMPLETED",
      "TURN_COMPLETED",
      "HANDOFF_REQUESTED",
      "HANDOFF_CLAIMED",
      "OPERATOR_MESSAGE",
      "TURN_COMPLETED",
      "HANDOFF_RETURNED",
    ]);
  });

  it("the list pages oldest first and filters by state and agent", async () => {
    const a = await takenOver();
    const b = await takenOver();
    await api.claim(b.handoffId);
    const waiting = await (await api.list("?state=waiting&agent=refund-desk&limit=200")).json();
    const ids = waiting.handoffs.map((h: { id: string }) => h.id);
    expect(ids).toContain(a.handoffId);
    expect(ids).not.toContain(b.handoffId);
    const claimed = await (await api.list("?state=claimed")).json();
    expect(claimed.handoffs.map((h: { id: string }) => h.id)).toContain(b.handoffId);
    const first = await (await api.list("?limit=1")).json();
    expect(first.handoffs).toHaveLength(1);
    const second = await (await api.list(`?limit=1&cursor=${first.next_cursor}`)).json();
    expect(second.handoffs[0].requested_at >= first.handoffs[0].requested_at).toBe(true);
    expect(second.handoffs[0].id).not.toBe(first.handoffs[0].id);
    expect((await api.list("?state=lost")).status).toBe(400);
  });
});

describe("who may do what", () => {
  it("a viewer may read the list and the transcript but gets 403 on every write, and nothing is written", async () => {
    const { sessionId, handoffId } = await takenOver();
    const viewer = cookies.viewer;
    expect((await callWithCookie(viewer, listRoute, "GET", "/api/v1/handoffs")).status).toBe(200);
    const read = await callWithCookie(viewer, messagesRoute, "GET", `/api/v1/sessions/${sessionId}/messages`, {
      id: sessionId,
    });
    expect(read.status).toBe(200);
    const before = await tableCounts(handle);
    const writes = [
      callWithCookie(viewer, claimRoute, "POST", `/api/v1/handoffs/${handoffId}/claim`, { id: handoffId }),
      callWithCookie(
        viewer,
        returnRoute,
        "POST",
        `/api/v1/handoffs/${handoffId}/return`,
        { id: handoffId },
        { note: "" },
      ),
      callWithCookie(
        viewer,
        operatorMessageRoute,
        "POST",
        `/api/v1/sessions/${sessionId}/operator-messages`,
        { id: sessionId },
        {
          text: "hi",
        },
      ),
      callWithCookie(
        viewer,
        handoffRoute,
        "POST",
        `/api/v1/sessions/${sessionId}/handoff`,
        { id: sessionId },
        { reason: "x" },
      ),
    ];
    for (const response of await Promise.all(writes)) expect(response.status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an agent outside the key's grant answers 404 on every route and is left out of the list", async () => {
    const { sessionId, handoffId } = await takenOver();
    const before = await tableCounts(handle);
    expect((await api.claim(handoffId, otherDeskKey)).status).toBe(404);
    expect((await api.giveBack(handoffId, "", otherDeskKey)).status).toBe(404);
    expect((await api.reply(sessionId, "hi", otherDeskKey)).status).toBe(404);
    expect((await api.takeOver(sessionId, "mine", otherDeskKey)).status).toBe(404);
    expect((await api.messages(sessionId, "", otherDeskKey)).status).toBe(404);
    expect((await api.list("?agent=refund-desk", otherDeskKey)).status).toBe(404);
    expect(await tableCounts(handle)).toEqual(before);
    const mine = await newSession("other-desk");
    expect((await api.takeOver(mine, "mine", otherDeskKey)).status).toBe(201);
    const listed = await (await api.list("?limit=200", otherDeskKey)).json();
    expect(listed.handoffs.length).toBeGreaterThan(0);
    expect(listed.handoffs.every((h: { agent_key: string }) => h.agent_key === "other-desk")).toBe(true);
  });
});

describe("the console's unread count", () => {
  it("counts a held conversation while its customer has written since the operator's last reply", async () => {
    // A key of its own: the count is per holder, and other cases claim with the admin key.
    const { key } = await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "unread", scopes: ["handoffs:read", "handoffs:write"] }, SYSTEM_ACTOR, "setup"),
    );
    const sessionId = await newSession();
    const handoffId = (await (await api.takeOver(sessionId, "checking an order", key)).json()).handoff.id;
    expect((await api.claim(handoffId, key)).status).toBe(200);
    const [row] = await handle.db.select().from(handoffs).where(eq(handoffs.id, handoffId));
    const holder = row?.claimedById ?? "";
    const unread = () => countUnreadClaims(handle.db, null, holder);

    expect(await unread()).toBe(0);
    await say(sessionId, "Hello? Is anyone there?");
    expect(await unread()).toBe(1);
    expect((await api.reply(sessionId, "Yes, I am looking at your order now.", key)).status).toBe(201);
    expect(await unread()).toBe(0);
    await say(sessionId, "Thanks, it is order 123");
    expect(await unread()).toBe(1);
    // Another operator's count, and agents outside the list, do not see it.
    expect(await countUnreadClaims(handle.db, null, "someone-else")).toBe(0);
    expect(await countUnreadClaims(handle.db, [], holder)).toBe(0);
  });
});
