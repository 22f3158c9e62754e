import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as importAgent } from "@/app/api/v1/agents/import/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents, sessions, traceSpans, turns, turnTapes } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { applyRetention } from "@/lib/customers/server/apply-retention";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { AppError } from "@/lib/server/errors";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { updateAgentSettings } from "@/lib/settings/server/update-agent-settings";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// Retention: an agent's `retention.sessions_days`; the daily job deletes sessions idle longer, with
// their turns, spans, tapes and loops, keeps the rest, and appends one ledger event with the counts.

let handle: DatabaseHandle;
let writer: string;
let admin: string;
const DAY = 24 * 60 * 60 * 1000;

async function converse(messages: string[]): Promise<string> {
  const created = await callWithKey(
    createSessionRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/sessions",
    { key: "refund-desk" },
    writer,
    {},
  );
  const { session_id } = await created.json();
  for (const message of messages) {
    const turn = await callWithKey(
      postTurnRoute as RouteHandler,
      "POST",
      `/api/v1/sessions/${session_id}/turns`,
      { id: session_id },
      writer,
      { message },
    );
    expect(turn.status).toBe(200);
  }
  return session_id;
}

async function setRetention(value: unknown) {
  const agent = await getAgentByKey(handle.db, "refund-desk");
  return updateAgentSettings(
    handle.db,
    {
      agentKey: "refund-desk",
      expectedVersion: agent?.configVersion ?? 0,
      actor: SYSTEM_ACTOR,
      requestId: "r",
      policies: SAVE_POLICIES,
    },
    { ...demo.agent.settings, retention: { sessions_days: value } },
  );
}

async function countsOf(sessionIds: string[]) {
  const turnIds = (
    await handle.db.select({ id: turns.id }).from(turns).where(inArray(turns.sessionId, sessionIds))
  ).map((t) => t.id);
  const spans =
    turnIds.length === 0
      ? []
      : await handle.db.select({ id: traceSpans.id }).from(traceSpans).where(inArray(traceSpans.turnId, turnIds));
  const tapes = await handle.db
    .select({ id: turnTapes.turnId })
    .from(turnTapes)
    .where(inArray(turnTapes.sessionId, sessionIds));
  const left = await handle.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, sessionIds));
  return { sessions: left.length, turns: turnIds.length, spans: spans.length, tapes: tapes.length };
}

/** Two sessions: one of two turns last active 40 days ago, one of one turn active now. */
async function oldAndRecentSessions() {
  const oldSession = await converse(["I'm in France and want a refund for order 123", "it arrived broken"]);
  const recentSession = await converse(["How much does the blue kettle cost?"]);
  await handle.db
    .update(sessions)
    .set({ updatedAt: new Date(Date.now() - 40 * DAY) })
    .where(eq(sessions.id, oldSession));
  return { oldSession, recentSession };
}

/** A 30-day window with every session idle longer already deleted, so a run counts only what follows. */
async function thirtyDaysSwept() {
  await setRetention(30);
  await applyRetention(handle.db);
}

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  writer = await loopApiKey(handle, ["turns:write"]);
  admin = await loopApiKey(handle, ["admin", "agents:write"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("retention", () => {
  it("refuses a window below one day, naming the field, through the settings save and a bundle import", async () => {
    const error = await setRetention(0.5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).issues?.map((i) => i.path)).toContain("retention.sessions_days");
    expect((await setRetention(0).catch((e: unknown) => e)) as AppError).toBeInstanceOf(AppError);
    const bundle = {
      ...demo,
      agent: { ...demo.agent, key: "short-lived", settings: { retention: { sessions_days: 0 } } },
    };
    const response = await callWithKey(importAgent as RouteHandler, "POST", "/api/v1/agents/import", {}, admin, bundle);
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain("retention.sessions_days");
  });

  it("keeps everything while no agent sets it, and appends nothing", async () => {
    const agent = await getAgentByKey(handle.db, "refund-desk");
    await updateAgentSettings(
      handle.db,
      {
        agentKey: "refund-desk",
        expectedVersion: agent?.configVersion ?? 0,
        actor: SYSTEM_ACTOR,
        requestId: "r",
        policies: SAVE_POLICIES,
      },
      demo.agent.settings,
    );
    const { oldSession } = await oldAndRecentSessions();
    const run = await applyRetention(handle.db);
    expect(run).toMatchObject({ agents: [], sessions: 0, turns: 0, ledger_event_id: null });
    expect(await countsOf([oldSession])).toMatchObject({ sessions: 1, turns: 2 });
  });

  it("deletes sessions idle longer than the window with their turns, spans and tapes, keeps recent ones, and the ledger verifies", async () => {
    await thirtyDaysSwept();
    const { oldSession, recentSession } = await oldAndRecentSessions();
    const before = await countsOf([oldSession]);
    expect(before.spans).toBeGreaterThan(0);
    expect(before.tapes).toBe(2);
    const recentBefore = await countsOf([recentSession]);
    const run = await applyRetention(handle.db);
    expect(run).toMatchObject({ sessions: 1, turns: 2 });
    expect(await countsOf([oldSession])).toEqual({ sessions: 0, turns: 0, spans: 0, tapes: 0 });
    expect(await countsOf([recentSession])).toEqual(recentBefore);
    // No turn anywhere is left without its spans.
    const orphans = await handle.db.execute(
      sql`select count(*)::int as n from turns t where not exists (select 1 from trace_spans s where s.turn_id = t.id)`,
    );
    expect(JSON.stringify(orphans)).toContain('"n":0');
    const [event] = await handle.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.id, run.ledger_event_id ?? ""));
    expect(event).toMatchObject({ type: "RETENTION_APPLIED", actor: "system" });
    expect(event?.payload).toMatchObject({ sessions: 1, turns: 2 });
    expect(JSON.stringify(event?.payload)).not.toContain("France");
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("is idempotent: a second run deletes nothing", async () => {
    await thirtyDaysSwept();
    const { recentSession } = await oldAndRecentSessions();
    expect(await applyRetention(handle.db)).toMatchObject({ sessions: 1, turns: 2 });
    const run = await applyRetention(handle.db);
    expect(run).toMatchObject({ sessions: 0, turns: 0 });
    expect(await countsOf([recentSession])).toMatchObject({ sessions: 1, turns: 1 });
  });
});
