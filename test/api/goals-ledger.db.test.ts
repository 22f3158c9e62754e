import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ledgerEvents } from "@/db/schema";
import { restoreGoalAction } from "@/lib/actions/goals/restore-goal";
import { validateGoalReformulationAction } from "@/lib/actions/goals/validate-goal-reformulation";
import { recordGoalCandidate } from "@/lib/goals/server/apply-goal-reformulation";
import { GoalLedgerAbortError } from "@/lib/goals/server/goal-ledger";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { addOperator, signIn, tableCounts } from "../support/focal-test-app";
import { fileGoalApp, sessionWithGoal, storedGoal } from "../support/goal-api-helpers";
import { browserHeaders, requestState } from "../support/request-headers";

const { handle, api } = fileGoalApp();
afterEach(async () => {
  await handle.db.execute(sql`drop trigger if exists goal_ledger_fault on ledger_events`);
});

/** Fault injection: the database refuses every GOAL_* ledger insert, as a full disk or a lost connection would. */
async function breakGoalLedger() {
  await handle.db.execute(sql`
    create or replace function goal_ledger_fault() returns trigger language plpgsql as $$
    begin
      if new.type like 'GOAL_%' then raise exception 'injected fault: ledger unavailable'; end if;
      return new;
    end $$`);
  await handle.db.execute(
    sql`create trigger goal_ledger_fault before insert on ledger_events for each row execute function goal_ledger_fault()`,
  );
}

const ORIGINAL = "How much does the blue kettle cost?";
const EUROS = {
  reformulated: "How much does the blue kettle cost in euros?",
  type: "constraint_addition",
  confidence: 0.93,
  evidence: [{ id: "profile.currency", text: "Customer profile: currency euros" }],
};
const say = (sessionId: string, message: string) =>
  hostTurn(handle.db, { sessionId, message, actor: SYSTEM_ACTOR, requestId: "req" });

describe("ledger before execution (DTL-STRAT-011)", () => {
  it("a ledger that cannot be written aborts with DTL-STRAT-011 and leaves the goal state untouched", async () => {
    const sessionId = await sessionWithGoal(handle, ORIGINAL);
    const goalBefore = await storedGoal(handle, sessionId);
    await breakGoalLedger();
    const before = await tableCounts(handle);

    const response = await api.propose(sessionId, EUROS);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.error.code).toBe("DTL-STRAT-011");
    expect(body.error.message).toMatch(/nothing was applied/);
    expect(await storedGoal(handle, sessionId)).toEqual(goalBefore);
    expect(await tableCounts(handle)).toEqual(before);

    // The next turn runs on the original: no active reformulation reached the engine.
    const { turn } = await say(sessionId, "And the red one?");
    expect(turn.provenance.goal.active_reformulation).toBeNull();
  });

  it("the in-transaction core throws GoalLedgerAbortError and the caller's transaction rolls back", async () => {
    const sessionId = await sessionWithGoal(handle, ORIGINAL);
    await breakGoalLedger();
    const attempt = handle.db.transaction((tx) =>
      recordGoalCandidate(tx, {
        sessionId,
        candidate: { ...EUROS, type: "constraint_addition" },
        actor: SYSTEM_ACTOR,
        requestId: "req",
        source: "model",
      }),
    );
    await expect(attempt).rejects.toBeInstanceOf(GoalLedgerAbortError);
    await expect(attempt).rejects.toMatchObject({ code: "DTL-STRAT-011" });
    expect((await storedGoal(handle, sessionId)).history).toEqual([]);
  });

  it("a restore that cannot be logged changes nothing either", async () => {
    const sessionId = await sessionWithGoal(handle, ORIGINAL);
    expect((await (await api.propose(sessionId, EUROS)).json()).accepted).toBe(true);
    const goalBefore = await storedGoal(handle, sessionId);
    await breakGoalLedger();
    const response = await api.restore(sessionId);
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe("DTL-STRAT-011");
    expect(await storedGoal(handle, sessionId)).toEqual(goalBefore);
  });
});

describe("reversibility", () => {
  it("a turn after acceptance shows the reformulation; restore → GOAL_RESTORED and the next turn runs on the original", async () => {
    const sessionId = await sessionWithGoal(handle, ORIGINAL);
    const accepted = await (await api.propose(sessionId, EUROS)).json();
    expect(accepted).toMatchObject({ accepted: true, detected_type: "constraint_addition" });

    const during = await say(sessionId, "How much does the blue kettle cost?");
    expect(during.turn.provenance.goal).toMatchObject({
      active_reformulation: EUROS.reformulated,
      evidence_ids: ["profile.currency"],
    });

    const restore = await api.restore(sessionId);
    expect(restore.status).toBe(200);
    const restored = await restore.json();
    expect(restored).toMatchObject({ restored: true, ledger_event_id: expect.any(String) });
    expect(restored.goal.active_reformulation).toBeNull();
    expect(restored.goal.original.text).toBe(ORIGINAL);
    const events = await handle.db.select().from(ledgerEvents);
    const event = events.find((e) => e.id === restored.ledger_event_id);
    expect(event).toMatchObject({ type: "GOAL_RESTORED" });
    expect(event?.payload).toMatchObject({
      session_id: sessionId,
      discarded_ledger_event_id: accepted.ledger_event_id,
    });

    const after = await say(sessionId, "And the red one?");
    expect(after.turn.provenance.goal).toMatchObject({ active_reformulation: null, evidence_ids: [] });
    expect((await storedGoal(handle, sessionId)).history.map((h) => h.status)).toEqual(["restored"]);

    // Restoring again is a no-op: nothing active, no event.
    const count = (await handle.db.select().from(ledgerEvents)).length;
    expect(await (await api.restore(sessionId)).json()).toMatchObject({ restored: false, ledger_event_id: null });
    expect((await handle.db.select().from(ledgerEvents)).length).toBe(count);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });
});

describe("goal server actions", () => {
  it("the tester validates for a viewer without writing; restore needs a designer", async () => {
    const viewer = await addOperator(handle, "goal-viewer@focal.test", "viewer");
    const designer = await addOperator(handle, "goal-designer@focal.test", "designer");
    requestState.headers = browserHeaders({ cookie: await signIn(viewer.email, viewer.password) });
    const before = await tableCounts(handle);
    const verdict = await validateGoalReformulationAction({
      original: ORIGINAL,
      ...EUROS,
      type: "constraint_addition",
    });
    expect(verdict).toMatchObject({ ok: true, data: { accepted: true } });
    const bad = await validateGoalReformulationAction({
      original: ORIGINAL,
      ...EUROS,
      type: "constraint_addition",
      confidence: 7,
    });
    expect(bad).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { confidence: expect.any(Array) } });
    expect(await tableCounts(handle)).toEqual(before);

    const sessionId = await sessionWithGoal(handle, ORIGINAL);
    await api.propose(sessionId, EUROS);
    expect(await restoreGoalAction({ sessionId })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    requestState.headers = browserHeaders({ cookie: await signIn(designer.email, designer.password) });
    expect(await restoreGoalAction({ sessionId })).toMatchObject({ ok: true, data: { restored: true } });
  });
});
