import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents, sessions } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { ReformulationCandidate } from "@/lib/engine/contracts/goal-state";
import type { SensorOutput } from "@/lib/engine/contracts/model";
import { originalGoalFromTurn, readGoalState } from "@/lib/engine/stages/reformulation";
import { createScriptedProvider, generated, sensed } from "@/lib/engine/testing/scripted-provider";
import { recordGoalCandidate } from "@/lib/goals/server/apply-goal-reformulation";
import { restoreOriginalGoalIn } from "@/lib/goals/server/restore-original-goal";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "@/test/support/focal-test-app";
import { createSession } from "./create-session";
import { runAndPersistTurn } from "./host-turn";

// Two app instances on one database: instance A runs a turn while instance B commits a goal change
// (POST …/goal/restore or …/goal/reformulations) for the same session. B's in-process session lock is
// not A's, so nothing but the database orders them. The race is made deterministic by committing B's
// change from inside A's sensor call, i.e. after A loaded the session and before A persists the turn.
// Before the turn's commit re-read the goal under its row lock, A wrote back the goal it had loaded and B's
// committed change was lost.

const ORIGINAL = "What happened in crypto markets today?";
const NARROWED = "What happened in top 5 cryptocurrency markets in the past 24 hours?";
const EVIDENCE = "Market availability data shows only top 5 have reliable feeds";
const CANDIDATE: ReformulationCandidate = {
  reformulated: NARROWED,
  type: "scope_narrowing",
  confidence: 0.92,
  evidence: [{ id: "var:market_note", text: EVIDENCE }],
};

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await startTestApp();
  // The race is staged inside the model sensor's call, and the proposal comes from it: every turn asks it.
  const modelSensed = {
    ...demo,
    agent: { ...demo.agent, settings: { ...demo.agent.settings, sensor: { local_confidence: 1 } } },
  };
  await importBundle(handle.db, modelSensed, SYSTEM_ACTOR, "setup");
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

/** A session whose first clear request set the original goal, with the evidence in its variables. */
async function sessionWithOriginal(): Promise<string> {
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  await handle.db
    .update(sessions)
    .set({ goal: originalGoalFromTurn({}, ORIGINAL, "answered", 0), variables: { market_note: EVIDENCE } })
    .where(eq(sessions.id, session.id));
  return session.id;
}

/** Instance B's POST …/goal/reformulations, in its own committed transaction. */
const proposeOnB = (sessionId: string, candidate: ReformulationCandidate = CANDIDATE) =>
  handle.db.transaction((tx) =>
    recordGoalCandidate(tx, {
      sessionId,
      candidate,
      actor: SYSTEM_ACTOR,
      requestId: "instance-b",
      source: "api",
    }),
  );

/** Instance B's POST …/goal/restore, in its own committed transaction. */
const restoreOnB = (sessionId: string) =>
  handle.db.transaction((tx) => restoreOriginalGoalIn(tx, { sessionId, actor: SYSTEM_ACTOR, requestId: "instance-b" }));

/** Instance A's turn; `meanwhile` runs (and commits) between A's load and A's persist. */
async function turnOnA(
  sessionId: string,
  meanwhile: () => Promise<unknown>,
  proposal: SensorOutput["goal_reformulation"] = null,
) {
  let ran = 0;
  overrideHostPorts({
    model: createScriptedProvider({
      sense: async () => {
        if (ran++ === 0) await meanwhile();
        return sensed({ intent_confidence: 0.2, goal_reformulation: proposal });
      },
      generate: () => generated("Here is what I found."),
    }),
  });
  const turn = await runAndPersistTurn(handle.db, {
    sessionId,
    message: "go on",
    actor: SYSTEM_ACTOR,
    requestId: "instance-a",
  });
  expect(ran).toBe(1);
  return turn;
}

async function storedGoal(sessionId: string) {
  const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return { goal: readGoalState(row?.goal), turnCount: row?.turnCount };
}

async function goalEvents(ids: (string | null | undefined)[]) {
  const wanted = ids.filter((id): id is string => Boolean(id));
  return handle.db
    .select({ id: ledgerEvents.id, type: ledgerEvents.type, seq: ledgerEvents.seq })
    .from(ledgerEvents)
    .where(inArray(ledgerEvents.id, wanted))
    .orderBy(asc(ledgerEvents.seq));
}

describe("a turn's commit keeps goal changes another instance committed during the turn", () => {
  it("a restore committed while the turn ran survives the turn's persist", async () => {
    const sessionId = await sessionWithOriginal();
    const accepted = await proposeOnB(sessionId);
    expect(accepted.accepted).toBe(true);

    let restoredEvent: string | null = null;
    const turn = await turnOnA(sessionId, async () => {
      restoredEvent = (await restoreOnB(sessionId)).ledger_event_id;
    });
    // A loaded the session before the restore, so this turn ran on the reformulation…
    expect(turn.outcome.provenance.goal.active_reformulation).toBe(NARROWED);

    // …but the restore, committed and ledgered, is what the session holds afterwards.
    const after = await storedGoal(sessionId);
    expect(after.turnCount).toBe(1);
    expect(after.goal.active_reformulation).toBeNull();
    expect(after.goal.original?.text).toBe(ORIGINAL);
    expect(after.goal.history.map((h) => h.status)).toEqual(["restored"]);
    expect(await goalEvents([restoredEvent])).toMatchObject([{ type: "GOAL_RESTORED" }]);

    // The next turn runs on the original.
    const next = await turnOnA(sessionId, async () => {});
    expect(next.outcome.provenance.goal).toEqual({ original: ORIGINAL, active_reformulation: null, evidence_ids: [] });
  });

  it("a reformulation accepted through the API while the turn ran stays active", async () => {
    const sessionId = await sessionWithOriginal();
    let eventId: string | null = null;
    const turn = await turnOnA(sessionId, async () => {
      eventId = (await proposeOnB(sessionId)).ledger_event_id;
    });
    expect(turn.outcome.provenance.goal.active_reformulation).toBeNull();

    const { goal } = await storedGoal(sessionId);
    expect(goal.active_reformulation).toMatchObject({ text: NARROWED, ledger_event_id: eventId });
    expect(goal.history.map((h) => [h.source, h.status])).toEqual([["api", "active"]]);
  });

  it("the turn's own candidate lands on top of the restore, after it in the ledger", async () => {
    const sessionId = await sessionWithOriginal();
    const first = await proposeOnB(sessionId);
    let restoredEvent: string | null = null;
    await turnOnA(
      sessionId,
      async () => {
        restoredEvent = (await restoreOnB(sessionId)).ledger_event_id;
      },
      {
        reformulated: "What happened in top 5 crypto markets today?",
        type: "scope_narrowing",
        confidence: 0.95,
        evidence_ids: ["var:market_note"],
      },
    );

    const { goal } = await storedGoal(sessionId);
    expect(goal.history.map((h) => [h.source, h.status])).toEqual([
      ["api", "restored"],
      ["model", "active"],
    ]);
    expect(goal.active_reformulation?.text).toBe("What happened in top 5 crypto markets today?");
    const modelEvent = goal.history[1]?.ledger_event_id;
    expect((await goalEvents([first.ledger_event_id, restoredEvent, modelEvent])).map((e) => e.type)).toEqual([
      "GOAL_REFORMULATION",
      "GOAL_RESTORED",
      "GOAL_REFORMULATION",
    ]);
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("the turn still sets the original goal of a session that had none", async () => {
    const agent = await agentRow(handle);
    const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
    overrideHostPorts({
      model: createScriptedProvider({
        sense: [sensed({ intent_confidence: 0.2 })],
        generate: [generated("Let me look into that.")],
      }),
    });
    await runAndPersistTurn(handle.db, {
      sessionId: session.id,
      message: ORIGINAL,
      actor: SYSTEM_ACTOR,
      requestId: "instance-a",
    });
    expect((await storedGoal(session.id)).goal.original).toEqual({ text: ORIGINAL, set_at_turn: 0 });
  });
});
