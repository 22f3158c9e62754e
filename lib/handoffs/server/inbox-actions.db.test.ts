import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents, sessionMessages } from "@/db/schema";
import { addInternalNoteAction } from "@/lib/actions/handoffs/add-internal-note";
import { claimHandoffAction } from "@/lib/actions/handoffs/claim-handoff";
import { returnToAgentAction } from "@/lib/actions/handoffs/return-to-agent";
import { sendOperatorReplyAction } from "@/lib/actions/handoffs/send-operator-reply";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { demoAppForActions } from "@/test/support/action-test-app";
import { requestOperatorHandoff } from "./operator-actions";
import { readTranscript } from "./session-transcript";

// The inbox's actions (docs/handoffs.md#the-inbox): a reply meets lane 1, "Send anyway" is ledgered
// with its reason, notes stay with operators, and a viewer changes nothing.

const app = demoAppForActions(["operator", "viewer"]);

/** A demo session an operator took over and claimed: replies may go to the customer. */
async function claimedSession() {
  const agent = await getAgentByKey(app.handle.db, "refund-desk");
  if (!agent) throw new Error("refund-desk missing");
  const session = await createSession(app.handle.db, { agent, channel: "api", createdBy: "test" });
  const { handoff } = await requestOperatorHandoff(app.handle.db, {
    sessionId: session.id,
    reason: "test",
    actor: SYSTEM_ACTOR,
    requestId: "setup",
  });
  const claimed = await claimHandoffAction({ handoff_id: handoff.id });
  expect(claimed.ok).toBe(true);
  return { sessionId: session.id, handoffId: handoff.id };
}

const eventsOf = (sessionId: string, type: string) =>
  app.handle.db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.type, type), eq(ledgerEvents.chain, sessionId)));

const operatorLines = async (sessionId: string) =>
  (await readTranscript(app.handle.db, sessionId)).filter((m) => m.kind === "operator").map((m) => m.text);

describe("the inbox's reply", () => {
  it("a reply promising more than the refund cap is stopped, naming the rule, and nothing is written", async () => {
    const { sessionId } = await claimedSession();
    const result = await sendOperatorReplyAction({ session_id: sessionId, text: "I've refunded $75 to your card." });
    expect(result).toMatchObject({ ok: true, data: { sent: false } });
    const violations = result.ok && !result.data.sent ? result.data.violations : [];
    expect(violations.map((v) => v.rule_key)).toEqual(["max-refund"]);
    expect(violations[0]?.rule_name).toBe("Refunds above $50 need a specialist");
    expect(await operatorLines(sessionId)).toEqual([]);
    expect(await eventsOf(sessionId, "OPERATOR_MESSAGE")).toHaveLength(0);
  });

  it("'Send anyway' needs a reason, and the reason and the rule go into the ledger", async () => {
    const { sessionId } = await claimedSession();
    const text = "I've refunded $75 to your card.";
    const blank = await sendOperatorReplyAction({ session_id: sessionId, text, override_reason: "  " });
    expect(blank).toMatchObject({ ok: false, code: "VALIDATION" });
    const sent = await sendOperatorReplyAction({ session_id: sessionId, text, override_reason: "Billing approved it" });
    expect(sent).toMatchObject({ ok: true, data: { sent: true } });
    expect(await operatorLines(sessionId)).toEqual([text]);
    const [event] = await eventsOf(sessionId, "OPERATOR_MESSAGE");
    expect(event?.payload).toMatchObject({
      lane1_override: { reason: "Billing approved it", rule_keys: ["max-refund"] },
    });
  });

  it("a reply within the rules goes out at once, without an override in the ledger", async () => {
    const { sessionId } = await claimedSession();
    const sent = await sendOperatorReplyAction({ session_id: sessionId, text: "Hi, Dana from billing here." });
    expect(sent).toMatchObject({ ok: true, data: { sent: true } });
    const [event] = await eventsOf(sessionId, "OPERATOR_MESSAGE");
    expect(event?.payload).not.toHaveProperty("lane1_override");
  });
});

describe("internal notes", () => {
  it("are stored and ledgered (a hash, not the text), and never reach the transcript", async () => {
    const { sessionId } = await claimedSession();
    const added = await addInternalNoteAction({ session_id: sessionId, text: "Customer is a VIP, be generous." });
    expect(added.ok).toBe(true);
    const rows = await app.handle.db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, sessionId));
    expect(rows.filter((r) => r.kind === "note").map((r) => r.text)).toEqual(["Customer is a VIP, be generous."]);
    expect((await readTranscript(app.handle.db, sessionId)).map((m) => m.text)).not.toContain(
      "Customer is a VIP, be generous.",
    );
    const [event] = await eventsOf(sessionId, "OPERATOR_NOTE");
    expect(event?.payload).toMatchObject({ length: 31 });
    expect(JSON.stringify(event?.payload)).not.toContain("VIP");
  });
});

describe("roles", () => {
  it("a viewer may not claim, reply, note or hand back; nothing is written", async () => {
    const { sessionId, handoffId } = await claimedSession();
    app.actAs("viewer");
    const refused = [
      await claimHandoffAction({ handoff_id: handoffId }),
      await sendOperatorReplyAction({ session_id: sessionId, text: "hello" }),
      await addInternalNoteAction({ session_id: sessionId, text: "note" }),
      await returnToAgentAction({ handoff_id: handoffId, note: "" }),
    ];
    for (const result of refused) expect(result).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const rows = await app.handle.db.select().from(sessionMessages).where(eq(sessionMessages.sessionId, sessionId));
    expect(rows.filter((r) => r.kind !== "system")).toEqual([]);
  });

  it("an operator hands back with a note: the session is the agent's again", async () => {
    const { handoffId } = await claimedSession();
    const back = await returnToAgentAction({ handoff_id: handoffId, note: "Refund approved." });
    expect(back).toMatchObject({ ok: true, data: { session_mode: "agent" } });
  });
});
