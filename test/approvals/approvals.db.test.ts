import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as approveRoute } from "@/app/api/v1/approvals/[id]/approve/route";
import { POST as denyRoute } from "@/app/api/v1/approvals/[id]/deny/route";
import { GET as listRoute } from "@/app/api/v1/approvals/route";
import { POST as claimRoute } from "@/app/api/v1/handoffs/[id]/claim/route";
import { POST as handoffRoute } from "@/app/api/v1/sessions/[id]/handoff/route";
import { GET as messagesRoute } from "@/app/api/v1/sessions/[id]/messages/route";
import { POST as operatorMessageRoute } from "@/app/api/v1/sessions/[id]/operator-messages/route";
import { POST as turnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents, toolApprovals, turns, turnTapes } from "@/db/schema";
import { expireApprovals } from "@/lib/approvals/server/expire-approvals";
import { ApprovalSettings } from "@/lib/engine/contracts/people-settings";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { ASK_ORDERS, importApprovingDemo } from "../support/approval-fixtures";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithCookie, callWithKey } from "../support/route-call";
import { connectSessionEvents } from "../support/session-event-channel";

// Tools that require approval (docs/approvals.md) through the REST routes and the turn host: the pause,
// each decision and refusal, expiry (lazy and swept), roles and grants, the session's ledger chain.

const AGENT = "approval-desk";
const { holding_reply: HOLDING, denied_reply: DENIED } = ApprovalSettings.defaults;

let handle: DatabaseHandle;
let adminKey: string;
/** handoffs:read and handoffs:write, limited to refund-desk. */
let otherDeskKey: string;
let cookies: Record<"operator" | "viewer", string>;

beforeAll(async () => {
  const app = await startDemoApp(["operator", "viewer"]);
  handle = app.handle;
  cookies = app.cookies;
  adminKey = await loopApiKey(handle, ["admin"]);
  // The demo with its order lookup behind an approval, under its own key: the demo's own flows stay as they are.
  await importApprovingDemo(handle, AGENT, "Approval desk");
  otherDeskKey = (
    await handle.db.transaction((tx) =>
      createApiKey(
        tx,
        { name: "refund desk only", scopes: ["handoffs:read", "handoffs:write"], agents: ["refund-desk"] },
        SYSTEM_ACTOR,
        "setup",
      ),
    )
  ).key;
}, 120_000);
const openStreams: AbortController[] = [];
afterEach(() => {
  overrideHostPorts(undefined);
  for (const controller of openStreams.splice(0)) controller.abort();
});
afterAll(async () => {
  await handle?.close();
});

async function newSession(agentKey = AGENT) {
  const agent = await getAgentByKey(handle.db, agentKey);
  if (!agent) throw new Error(`${agentKey} missing`);
  return (await createSession(handle.db, { agent, channel: "api", createdBy: "test" })).id;
}

async function say(sessionId: string, message: string) {
  const response = await callWithKey(
    turnRoute,
    "POST",
    `/api/v1/sessions/${sessionId}/turns`,
    { id: sessionId },
    adminKey,
    { message },
  );
  expect(response.status).toBe(200);
  return response.json();
}

const api = {
  approve: (id: string, body: unknown, key = adminKey) =>
    callWithKey(approveRoute, "POST", `/api/v1/approvals/${id}/approve`, { id }, key, body),
  deny: (id: string, body: unknown, key = adminKey) =>
    callWithKey(denyRoute, "POST", `/api/v1/approvals/${id}/deny`, { id }, key, body),
  list: (query = "", key = adminKey) => callWithKey(listRoute, "GET", `/api/v1/approvals${query}`, {}, key),
};

/** A session whose turn paused before the order lookup; its session and approval ids and the turn. */
async function paused() {
  const sessionId = await newSession();
  const turn = await say(sessionId, ASK_ORDERS);
  const [row] = await handle.db.select().from(toolApprovals).where(eq(toolApprovals.sessionId, sessionId));
  if (!row) throw new Error("no approval was recorded");
  return { sessionId, approvalId: row.id, turn };
}

async function chain(sessionId: string) {
  const rows = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.chain, sessionId));
  return rows.sort((a, b) => a.chainSeq - b.chainSeq);
}

async function approvalRow(id: string) {
  const [row] = await handle.db.select().from(toolApprovals).where(eq(toolApprovals.id, id));
  return row;
}

describe("a tool that requires approval", () => {
  it("pauses the turn before the call: holding reply, the tool not run, a pending approval with inputs and rule", async () => {
    const { sessionId, approvalId, turn } = await paused();
    expect(turn.outcome).toBe("awaiting_approval");
    expect(turn.response).toBe(HOLDING);
    expect(turn.provenance.tools_called).toEqual([
      expect.objectContaining({ key: "lookup_order", ok: false, detail: "awaiting approval" }),
    ]);
    const row = await approvalRow(approvalId);
    expect(row).toMatchObject({ state: "pending", toolKey: "lookup_order", requestTurnId: turn.turn_id });
    expect(row?.context).toMatchObject({ rule: { key: expect.any(String) }, scenario: { key: "refund" } });
    // 15 minutes by default.
    expect(Math.round(((row?.expiresAt.getTime() ?? 0) - (row?.requestedAt.getTime() ?? 0)) / 60_000)).toBe(15);
    const listed = await (await api.list(`?agent=${AGENT}`)).json();
    const mine = listed.approvals.find((a: { id: string }) => a.id === approvalId);
    expect(mine).toMatchObject({
      session_id: sessionId,
      state: "pending",
      tool: { key: "lookup_order" },
      message: ASK_ORDERS,
      context: { scenario: { key: "refund" } },
    });
  });

  it("the same agent's tool without the flag runs as before (the demo agent)", async () => {
    const turn = await say(await newSession("refund-desk"), ASK_ORDERS);
    expect(turn.outcome).not.toBe("awaiting_approval");
    expect(turn.provenance.tools_called).toEqual([expect.objectContaining({ key: "lookup_order", ok: true })]);
  });
});

describe("deciding", () => {
  it("a channel on the session's events hears the approval asked, decided, and the resumed reply", async () => {
    const sessionId = await newSession();
    const channel = await connectSessionEvents(sessionId, { key: adminKey, opened: openStreams });
    await say(sessionId, ASK_ORDERS);
    const asked = await channel.until((e) => e.event === "approval" && e.data.state === "pending");
    expect(asked.data).toMatchObject({ session_id: sessionId, tool_key: "lookup_order" });
    const approvalId = asked.event === "approval" ? asked.data.approval_id : "";
    const body = await (await api.approve(approvalId, { reason: "Customer verified by phone" })).json();
    await channel.until(
      (e) => e.event === "approval" && e.data.approval_id === approvalId && e.data.state === "approved",
    );
    await channel.until((e) => e.event === "message" && e.data.turn_id === body.turn.id && e.data.kind === "agent");
    // Each state once: a re-read of the session does not repeat an approval whose state did not change.
    const states = channel.events.flatMap((e) => (e.event === "approval" ? [e.data.state] : []));
    expect(states).toEqual(["pending", "approved"]);
  });

  it("approve: the turn resumes, the tool runs, the reply is a new turn; TOOL_APPROVED hashes the reason", async () => {
    const { sessionId, approvalId } = await paused();
    const reason = "Customer verified by phone";
    const response = await api.approve(approvalId, { reason });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.approval).toMatchObject({ state: "approved", reason, decided_by: expect.any(String) });
    expect(body.turn.outcome).not.toBe("awaiting_approval");
    expect(body.turn.response).not.toBe(HOLDING);
    const [resumed] = await handle.db.select().from(turns).where(eq(turns.id, body.turn.id));
    expect(resumed).toMatchObject({ sessionId, turnIndex: 1, userMessage: ASK_ORDERS });
    expect(resumed?.provenance.tools_called).toEqual([expect.objectContaining({ key: "lookup_order", ok: true })]);
    expect((await approvalRow(approvalId))?.resumedTurnId).toBe(body.turn.id);
    const events = await chain(sessionId);
    expect(events.map((e) => e.type)).toEqual(["TURN_COMPLETED", "TURN_COMPLETED", "TOOL_APPROVED"]);
    const approved = events.at(-1);
    expect(approved?.payload).toMatchObject({
      approval_id: approvalId,
      tool_key: "lookup_order",
      reason_sha256: createHash("sha256").update(reason).digest("hex"),
    });
    expect(JSON.stringify(approved?.payload)).not.toContain(reason);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
    // The transcript: the customer said it once; the holding reply, then the resumed turn's reply.
    const transcript = await (
      await callWithKey(messagesRoute, "GET", `/api/v1/sessions/${sessionId}/messages`, { id: sessionId }, adminKey)
    ).json();
    expect(transcript.messages.map((m: { kind: string; text: string }) => [m.kind, m.text])).toEqual([
      ["customer", ASK_ORDERS],
      ["agent", HOLDING],
      ["agent", body.turn.response],
    ]);
  });

  it("deny: the agent says it could not, the tool never runs; TOOL_DENIED", async () => {
    const { sessionId, approvalId } = await paused();
    const response = await api.deny(approvalId, { reason: "Order belongs to another account" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.approval.state).toBe("denied");
    expect(body.turn.response).toBe(DENIED);
    const [resumed] = await handle.db.select().from(turns).where(eq(turns.id, body.turn.id));
    expect(resumed?.provenance.tools_called).toEqual([
      expect.objectContaining({ key: "lookup_order", ok: false, detail: "denied by an operator" }),
    ]);
    expect((await chain(sessionId)).map((e) => e.type).at(-1)).toBe("TOOL_DENIED");
  });

  it("a second decision on a decided approval answers 409 and writes nothing", async () => {
    const { approvalId } = await paused();
    expect((await api.approve(approvalId, { reason: "ok" })).status).toBe(200);
    const before = await tableCounts(handle);
    const again = await api.deny(approvalId, { reason: "changed my mind" });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toMatch(/already approved/);
    expect((await api.approve(approvalId, { reason: "twice" })).status).toBe(409);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an empty, blank or over-long reason answers 422 naming reason, and writes nothing", async () => {
    const { approvalId } = await paused();
    const before = await tableCounts(handle);
    for (const body of [{ reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }, {}]) {
      const response = await api.approve(approvalId, body);
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("reason");
    }
    expect(await tableCounts(handle)).toEqual(before);
    expect((await approvalRow(approvalId))?.state).toBe("pending");
  });

  it("a session an operator took over answers 409 to a decision, and writes nothing", async () => {
    const { sessionId, approvalId } = await paused();
    const taken = await callWithKey(
      handoffRoute,
      "POST",
      `/api/v1/sessions/${sessionId}/handoff`,
      { id: sessionId },
      adminKey,
      { reason: "VIP" },
    );
    expect(taken.status).toBe(201);
    const before = await tableCounts(handle);
    expect((await api.approve(approvalId, { reason: "ok" })).status).toBe(409);
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("what tapes record (docs/replay.md#people-in-the-session)", () => {
  const tapeOf = async (turnId: string) => {
    const [row] = await handle.db.select().from(turnTapes).where(eq(turnTapes.turnId, turnId));
    return row?.tape as Record<string, unknown> | undefined;
  };

  it("the resumed turn's tape carries the decision; an agent-only turn's tape has no person", async () => {
    const { approvalId, turn } = await paused();
    const body = await (await api.approve(approvalId, { reason: "fine" })).json();
    const row = await approvalRow(approvalId);
    expect((await tapeOf(body.turn.id))?.approval).toEqual({
      approval_id: approvalId,
      tool_id: row?.toolId,
      decision: "approved",
    });
    const first = await tapeOf(turn.turn_id);
    expect(first).not.toHaveProperty("approval");
    expect(first).not.toHaveProperty("person");
  });

  it("a turn stored while a person has the session records the mode and the operator's messages as hashes", async () => {
    const sessionId = await newSession();
    await say(sessionId, "hello");
    const taken = await callWithKey(
      handoffRoute,
      "POST",
      `/api/v1/sessions/${sessionId}/handoff`,
      { id: sessionId },
      adminKey,
      {
        reason: "VIP",
      },
    );
    expect(taken.status).toBe(201);
    const handoffId = (await taken.json()).handoff.id;
    expect(
      (await callWithKey(claimRoute, "POST", `/api/v1/handoffs/${handoffId}/claim`, { id: handoffId }, adminKey))
        .status,
    ).toBe(200);
    const text = "Hi, I'm Sam from the team.";
    const sent = await callWithKey(
      operatorMessageRoute,
      "POST",
      `/api/v1/sessions/${sessionId}/operator-messages`,
      { id: sessionId },
      adminKey,
      { text },
    );
    expect(sent.status).toBe(201);
    const messageId = (await sent.json()).message.id;
    const queued = await say(sessionId, "ok thanks");
    expect(queued.outcome).toBe("queued_for_human");
    const tape = await tapeOf(queued.turn_id);
    expect(tape?.person).toEqual({
      mode: "human",
      operator_messages: [{ id: messageId, text_sha256: createHash("sha256").update(text).digest("hex") }],
    });
    expect(JSON.stringify(tape)).not.toContain(text);
  });
});

describe("expiry", () => {
  it("approving one past its expiry answers 410 and writes nothing", async () => {
    const { approvalId } = await paused();
    await handle.db
      .update(toolApprovals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(toolApprovals.id, approvalId));
    const before = await tableCounts(handle);
    const response = await api.approve(approvalId, { reason: "late" });
    expect(response.status).toBe(410);
    expect((await api.deny(approvalId, { reason: "late" })).status).toBe(410);
    expect(await tableCounts(handle)).toEqual(before);
    expect((await approvalRow(approvalId))?.state).toBe("pending");
  });

  it("the sweep expires it as denied: the customer gets the denied reply, TOOL_DENIED says expired", async () => {
    const { sessionId, approvalId } = await paused();
    const expiresAt = (await approvalRow(approvalId))?.expiresAt ?? new Date();
    // Before its expiry the sweep leaves it alone.
    await expireApprovals(handle.db, new Date(expiresAt.getTime() - 1000));
    expect((await approvalRow(approvalId))?.state).toBe("pending");
    await expireApprovals(handle.db, new Date(expiresAt.getTime() + 1000));
    const row = await approvalRow(approvalId);
    expect(row).toMatchObject({ state: "expired", reason: "expired", decidedBy: "system" });
    const [resumed] = await handle.db
      .select()
      .from(turns)
      .where(eq(turns.id, row?.resumedTurnId ?? ""));
    expect(resumed?.response).toBe(DENIED);
    const last = (await chain(sessionId)).at(-1);
    expect(last).toMatchObject({ type: "TOOL_DENIED", payload: expect.objectContaining({ state: "expired" }) });
    // Then it is decided: a late approval is a conflict.
    expect((await api.approve(approvalId, { reason: "late" })).status).toBe(409);
  });
});

describe("who may decide", () => {
  it("a viewer reads the list but gets 403 on approve and deny, nothing written", async () => {
    const { approvalId } = await paused();
    const listed = await callWithCookie(cookies.viewer, listRoute, "GET", `/api/v1/approvals?agent=${AGENT}`);
    expect(listed.status).toBe(200);
    const before = await tableCounts(handle);
    for (const [handler, verb] of [
      [approveRoute, "approve"],
      [denyRoute, "deny"],
    ] as const) {
      const response = await callWithCookie(
        cookies.viewer,
        handler,
        "POST",
        `/api/v1/approvals/${approvalId}/${verb}`,
        { id: approvalId },
        { reason: "I think so" },
      );
      expect(response.status).toBe(403);
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an operator approves from the console session", async () => {
    const { approvalId } = await paused();
    const response = await callWithCookie(
      cookies.operator,
      approveRoute,
      "POST",
      `/api/v1/approvals/${approvalId}/approve`,
      { id: approvalId },
      { reason: "Looks right" },
    );
    expect(response.status).toBe(200);
    expect((await response.json()).approval.decided_by).toBe("operator@focal.test");
  });

  it("a key limited to another agent gets 404 for the approval and its agent, and the list leaves it out", async () => {
    const { approvalId } = await paused();
    expect((await api.approve(approvalId, { reason: "ok" }, otherDeskKey)).status).toBe(404);
    expect((await api.list(`?agent=${AGENT}`, otherDeskKey)).status).toBe(404);
    const listed = await (await api.list("", otherDeskKey)).json();
    expect(listed.approvals.map((a: { id: string }) => a.id)).not.toContain(approvalId);
    expect((await approvalRow(approvalId))?.state).toBe("pending");
  });

  it("an unknown id answers 404 and the state filter reads decided ones", async () => {
    expect((await api.approve("00000000-0000-4000-8000-000000000000", { reason: "ok" })).status).toBe(404);
    const { approvalId } = await paused();
    await api.deny(approvalId, { reason: "no" });
    const denied = await (await api.list(`?state=denied&agent=${AGENT}`)).json();
    expect(denied.approvals.map((a: { id: string }) => a.id)).toContain(approvalId);
    const pending = await (await api.list(`?agent=${AGENT}`)).json();
    expect(pending.approvals.map((a: { id: string }) => a.id)).not.toContain(approvalId);
  });
});
