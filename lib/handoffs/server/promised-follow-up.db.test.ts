import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { getSession } from "@/db/queries/conversations";
import { openHandoffOf, openHandoffQueue } from "@/db/queries/handoffs";
import { handoffs, ledgerEvents } from "@/db/schema";
import { claimHandoffAction } from "@/lib/actions/handoffs/claim-handoff";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { runAndPersistTurn } from "@/lib/turns/server/host-turn";
import { demoAppForActions } from "@/test/support/action-test-app";
import { loadInboxQueue } from "./load-inbox";
import { requestOperatorHandoff } from "./operator-actions";
import { readTranscript } from "./session-transcript";

// The agent keeps every promise it makes (docs/handoffs.md#what-asks-for-a-person): the demo's reply
// to a $75 refund promises a specialist's review of the rest, and that turn opens an item in the
// inbox while the customer keeps talking to the agent.

const app = demoAppForActions(["operator"]);
const QUIET = "refund-desk-quiet";

beforeAll(async () => {
  // The demo with handoff.open_on_promise off, under its own key.
  const quiet = structuredClone(demo) as typeof demo & { agent: { settings: Record<string, unknown> } };
  quiet.agent.key = QUIET;
  quiet.agent.settings = { ...quiet.agent.settings, handoff: { open_on_promise: false } };
  await importBundle(app.handle.db, quiet, SYSTEM_ACTOR, "setup");
});

async function sessionOf(agentKey = "refund-desk") {
  const agent = await getAgentByKey(app.handle.db, agentKey);
  if (!agent) throw new Error(`${agentKey} missing`);
  return createSession(app.handle.db, { agent, channel: "api", createdBy: "test" });
}

const say = (sessionId: string, message: string) =>
  runAndPersistTurn(app.handle.db, { sessionId, message, actor: SYSTEM_ACTOR, requestId: `turn-${message}` });

const queueOf = async (sessionId: string) =>
  (await loadInboxQueue(app.handle.db, null, () => "operator")).filter((item) => item.session_id === sessionId);

const eventsOf = (sessionId: string) =>
  app.handle.db
    .select({ type: ledgerEvents.type, payload: ledgerEvents.payload })
    .from(ledgerEvents)
    .where(eq(ledgerEvents.chain, sessionId))
    .orderBy(ledgerEvents.chainSeq);

const modeOf = async (sessionId: string) => (await getSession(app.handle.db, sessionId))?.mode;

describe("a promised follow-up", () => {
  it("a $75 refund opens one inbox item with the order and the amount; the agent keeps the session", async () => {
    const session = await sessionOf();
    const turn = await say(session.id, "I want a refund of $75 for order 123");
    expect(turn.outcome.response).toMatch(/a specialist will review the rest of order 123/);
    expect(turn.outcome.followUp?.promise).toBe(
      "a specialist will review the rest of order 123 within 2 business days",
    );

    const [item, ...more] = await queueOf(session.id);
    expect(more).toEqual([]);
    expect(item).toMatchObject({ reason: "promised_follow_up", state: "waiting" });
    expect(item?.detail).toMatch(/order_id 123/);
    expect(item?.detail).toMatch(/order_amount 75/);
    expect(item?.detail).toMatch(/"a specialist will review the rest of order 123 within 2 business days"$/);
    expect(item?.detail.length).toBeLessThanOrEqual(500);
    expect(item?.detail).not.toMatch(/I want a refund/);
    expect(await modeOf(session.id)).toBe("agent");

    // The ledger: the turn, then the request, as for every turn's handoff.
    const events = await eventsOf(session.id);
    expect(events.map((e) => e.type).slice(-2)).toEqual(["TURN_COMPLETED", "HANDOFF_REQUESTED"]);
    expect(events.at(-1)?.payload).toMatchObject({ reason: "promised_follow_up", detail: item?.detail });

    // The customer's next message still runs the agent, and a second promise opens nothing new.
    const next = await say(session.id, "I want a refund of $75 for order 123");
    expect(next.outcome.outcome).not.toBe("queued_for_human");
    expect(next.outcome.followUp).not.toBeNull();
    expect(await queueOf(session.id)).toHaveLength(1);
    const transcript = await readTranscript(app.handle.db, session.id);
    expect(transcript.filter((m) => m.event === "follow_up_opened")).toHaveLength(1);
    expect((await verifyLedgerChain(app.handle.db)).is_intact).toBe(true);
  });

  it("a $30 refund promises nothing and opens nothing", async () => {
    const session = await sessionOf();
    const turn = await say(session.id, "I want a refund of $30 for order sample1");
    expect(turn.outcome.followUp ?? null).toBeNull();
    expect(await openHandoffOf(app.handle.db, session.id)).toBeNull();
  });

  it("claiming it gives the conversation to the operator", async () => {
    const session = await sessionOf();
    await say(session.id, "I want a refund of $75 for order 123");
    const open = await openHandoffOf(app.handle.db, session.id);
    if (!open) throw new Error("no follow-up opened");
    expect(await claimHandoffAction({ handoff_id: open.id })).toMatchObject({ ok: true });
    expect(await modeOf(session.id)).toBe("human");
    const queued = await say(session.id, "any news?");
    expect(queued.outcome.outcome).toBe("queued_for_human");
  });

  it("a customer asking for a person while it is open hands off on the same row", async () => {
    const session = await sessionOf();
    await say(session.id, "I want a refund of $75 for order 123");
    const followUp = await openHandoffOf(app.handle.db, session.id);
    const turn = await say(session.id, "talk to a human");
    expect(turn.outcome.outcome).toBe("handoff");
    expect(await modeOf(session.id)).toBe("waiting");
    const open = await app.handle.db.select().from(handoffs).where(eq(handoffs.sessionId, session.id));
    expect(open.map((h) => [h.id, h.reason, h.state])).toEqual([[followUp?.id, "customer_request", "waiting"]]);
    const requests = (await eventsOf(session.id)).filter((e) => e.type === "HANDOFF_REQUESTED");
    expect(requests.map((e) => (e.payload as { reason: string }).reason)).toEqual([
      "promised_follow_up",
      "customer_request",
    ]);
    expect(requests[1]?.payload).toMatchObject({ handoff_id: followUp?.id, follow_up_id: followUp?.id });
    const lines = await readTranscript(app.handle.db, session.id);
    expect(lines.at(-1)?.text).toMatch(/the follow-up the agent promised goes with it/);
    expect((await verifyLedgerChain(app.handle.db)).is_intact).toBe(true);
  });

  it("an operator taking over while it is open reuses it too", async () => {
    const session = await sessionOf();
    await say(session.id, "I want a refund of $75 for order 123");
    const { handoff, session_mode } = await requestOperatorHandoff(app.handle.db, {
      sessionId: session.id,
      reason: "VIP",
      actor: SYSTEM_ACTOR,
      requestId: "take-over",
    });
    expect(session_mode).toBe("waiting");
    expect(handoff).toMatchObject({ reason: "operator", detail: "VIP", state: "waiting" });
    expect(
      (await openHandoffQueue(app.handle.db, null)).filter((r) => r.handoff.sessionId === session.id),
    ).toHaveLength(1);
  });

  it("handoff.open_on_promise off opens nothing for the same reply", async () => {
    const session = await sessionOf(QUIET);
    const turn = await say(session.id, "I want a refund of $75 for order 123");
    expect(turn.outcome.response).toMatch(/a specialist will review the rest of order 123/);
    expect(await openHandoffOf(app.handle.db, session.id)).toBeNull();
    expect(await modeOf(session.id)).toBe("agent");
  });
});
