import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents, sessions, turns } from "@/db/schema";
import { createScriptedProvider, generated, sensed } from "@/lib/engine/testing/scripted-provider";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { createSession } from "@/lib/turns/server/create-session";
import { startTestApp } from "../support/focal-test-app";
import { importModelSensedDemo } from "../support/goal-api-helpers";
import { ORIGIN } from "../support/request-headers";
import { callRoute } from "../support/response-contract";

// Goal reformulation with the candidate coming from the model: validated in the turn, ledgered in the turn's
// transaction, applied from the next turn on; a ledger failure aborts the whole turn (DTL-STRAT-011).

const ORIGINAL = "What happened in crypto markets today?";
const NARROWED = "What happened in top 5 cryptocurrency markets in the past 24 hours?";
const EVIDENCE = "Market availability data shows only top 5 have reliable feeds";

let handle: DatabaseHandle;
let key: string;
beforeAll(async () => {
  handle = await startTestApp();
  key = await importModelSensedDemo(handle);
});
afterEach(async () => {
  overrideHostPorts(undefined);
  await handle.db.execute(sql`drop trigger if exists goal_ledger_fault on ledger_events`);
});
afterAll(async () => {
  await handle?.close();
});

async function sessionWithOriginal() {
  const agent = await getAgentByKey(handle.db, "refund-desk");
  if (!agent) throw new Error("demo missing");
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  overrideHostPorts({
    model: createScriptedProvider({
      sense: [sensed({ intent_confidence: 0.2 })],
      generate: [generated("Let me look into that.")],
    }),
  });
  expect((await post(session.id, ORIGINAL)).status).toBe(200);
  await handle.db
    .update(sessions)
    .set({ variables: { market_note: EVIDENCE } })
    .where(eq(sessions.id, session.id));
  return session.id;
}

const post = (sessionId: string, message: string) =>
  callRoute(
    postTurnRoute,
    new Request(`${ORIGIN}/api/v1/sessions/${sessionId}/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ message }),
    }),
    { id: sessionId },
  );

function proposing(reformulated: string, confidence: number, evidence_ids: string[]) {
  return createScriptedProvider({
    sense: () =>
      sensed({
        intent_confidence: 0.2,
        goal_reformulation: { reformulated, type: "scope_narrowing", confidence, evidence_ids },
      }),
    generate: () => generated("Here is what I found."),
  });
}

describe("model-proposed goal reformulation", () => {
  it("is validated in the turn, ledgered before use, and active from the next turn", async () => {
    const sessionId = await sessionWithOriginal();
    overrideHostPorts({ model: proposing(NARROWED, 0.92, ["var:market_note", "tool:nothing"]) });
    const body = await (await post(sessionId, "only the big ones please")).json();
    const [turn] = await handle.db.select().from(turns).where(eq(turns.id, body.turn_id));
    expect(turn).toBeTruthy();
    expect(body.provenance.goal.active_reformulation).toBeNull();
    const [event] = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.type, "GOAL_REFORMULATION"));
    expect(event?.payload).toMatchObject({ source: "model", evidence_ids: ["var:market_note"] });
    expect(JSON.stringify(event?.payload)).not.toContain("crypto");

    overrideHostPorts({
      model: createScriptedProvider({
        sense: [sensed({ intent_confidence: 0.2 })],
        generate: [generated("Top 5 markets, past 24 hours: …")],
      }),
    });
    const next = await (await post(sessionId, "go on")).json();
    expect(next.provenance.goal).toEqual({
      original: ORIGINAL,
      active_reformulation: NARROWED,
      evidence_ids: ["var:market_note"],
    });
  });

  it("a candidate that fails a criterion is recorded with its code and never applied", async () => {
    const sessionId = await sessionWithOriginal();
    overrideHostPorts({ model: proposing(NARROWED, 0.88, ["var:market_note"]) });
    await post(sessionId, "only the big ones please");
    const rejected = await handle.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.type, "GOAL_REFORMULATION_REJECTED"));
    expect(rejected.at(-1)?.payload).toMatchObject({ code: "DTL-STRAT-007" });
    const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    const goal = (row?.goal ?? {}) as { active_reformulation?: unknown };
    expect(goal.active_reformulation ?? null).toBeNull();
  });

  it("when the GOAL_REFORMULATION event cannot be written the whole turn aborts with DTL-STRAT-011", async () => {
    const sessionId = await sessionWithOriginal();
    await handle.db.execute(
      sql.raw(`
      create or replace function goal_ledger_fault() returns trigger language plpgsql as $$
      begin
        if new.type like 'GOAL_%' then raise exception 'injected ledger fault'; end if;
        return new;
      end $$`),
    );
    await handle.db.execute(
      sql`create trigger goal_ledger_fault before insert on ledger_events for each row execute function goal_ledger_fault()`,
    );
    const before = (await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId))).length;
    overrideHostPorts({ model: proposing(NARROWED, 0.92, ["var:market_note"]) });
    const response = await post(sessionId, "only the big ones please");
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe("DTL-STRAT-011");
    expect((await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId))).length).toBe(before);
  });
});
