import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as usageRoute } from "@/app/api/v1/agents/[key]/usage/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { getAgentByKey } from "@/db/queries/agents";
import { sessionReviews, turns, usageDaily, usageRolledDays } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { agentUsage } from "@/lib/usage/server/agent-usage";
import { rollUpUsage } from "@/lib/usage/server/roll-up-usage";
import type { UsageBody } from "@/lib/usage/usage-schemas";
import { fileTestApp } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

// GET /api/v1/agents/{key}/usage answers the same before and after the usage.rollup job
// (docs/pipeline.md#reading-cost), over conversations spread across five UTC days ending 10 days ago,
// two config versions and two environments: one crosses midnight (one conversation in the window,
// one on each day), one changes version mid-way, one has an unpriced turn, and reviews label some
// resolved, some not, one after the rollup. A turn committed after its day ended is not lost either.

const AGENT = "usage-rollup-desk";
const LATE = "usage-rollup-late";
const handle = fileTestApp();
let key: string;
const DAY_MS = 86_400_000;
const todayMidnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const BASE = todayMidnight - 10 * DAY_MS;
const at = (dayOffset: number, hour: number) => new Date(BASE + dayOffset * DAY_MS + hour * 3_600_000);
const iso = (d: Date) => d.toISOString();

async function conversation(agentKey: string, turnsWanted: number): Promise<string> {
  const created = await callWithKey(
    createSessionRoute,
    "POST",
    `/api/v1/agents/${agentKey}/sessions`,
    { key: agentKey },
    key,
    {},
  );
  const { session_id: id } = (await created.json()) as { session_id: string };
  for (let i = 0; i < turnsWanted; i++) {
    const turn = await callWithKey(postTurnRoute, "POST", `/api/v1/sessions/${id}/turns`, { id }, key, {
      message: i % 2 === 0 ? "How much does the blue kettle cost?" : "And the red one?",
    });
    expect(turn.status).toBe(200);
  }
  return id;
}

interface Placed {
  at: Date;
  environment: string | null;
  cost: number | null;
  version?: number;
}

async function place(sessionId: string, placed: Placed[]) {
  const rows = await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId)).orderBy(turns.turnIndex);
  expect(rows).toHaveLength(placed.length);
  for (const [i, row] of rows.entries()) {
    const p = placed[i] as Placed;
    await handle.db
      .update(turns)
      .set({
        createdAt: p.at,
        environment: p.environment,
        costUsd: p.cost,
        ...(p.version === undefined ? {} : { configVersion: p.version }),
      })
      .where(eq(turns.id, row.id));
  }
}

const usage = async (query: string) => {
  const response = await callWithKey(usageRoute, "GET", `/api/v1/agents/${AGENT}/usage?${query}`, { key: AGENT }, key);
  expect(response.status, query).toBe(200);
  const body = (await response.json()) as UsageBody;
  // The default window ends now, a different instant at each call.
  return query.includes("from=") ? body : { ...body, from: "", to: "" };
};

// Costs are float sums added in another order once rolled (per conversation and day first): equal to
// 1e-12, every count exactly.
const settled = (body: UsageBody) =>
  JSON.parse(JSON.stringify(body), (_k, v) => (typeof v === "number" ? Number(v.toFixed(12)) : v)) as UsageBody;

const QUERIES = ["day", "version", "environment"].flatMap((group) => [
  `group=${group}`,
  `group=${group}&from=${iso(at(0, 0))}&to=${iso(at(5, 0))}`,
  // Partial first and last days: summed from turns on both sides of the rolled days.
  `group=${group}&from=${iso(at(0, 12))}&to=${iso(at(4, 11))}`,
  `group=${group}&from=${iso(at(1, 0))}&to=${iso(at(2, 0))}`,
]);

beforeAll(async () => {
  for (const agentKey of [AGENT, LATE]) {
    await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key: agentKey } }, SYSTEM_ACTOR, "setup");
  }
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write", "traces:read"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
  const agent = await getAgentByKey(handle.db, AGENT);
  if (!agent) throw new Error("agent missing");
  const v = agent.configVersion;
  const [a, b, c, d, e] = [
    await conversation(AGENT, 2),
    await conversation(AGENT, 3),
    await conversation(AGENT, 2),
    await conversation(AGENT, 2),
    await conversation(AGENT, 1),
  ];
  // A across midnight from day 0 to day 1; B on day 1 moving from version v to v + 1; C on day 2 in
  // production with an unpriced turn; D on day 3 in production at v + 1; E on day 4 before noon.
  await place(a, [
    { at: at(0, 23.5), environment: "draft", cost: 0.01 },
    { at: at(1, 0.25), environment: "draft", cost: 0.01 },
  ]);
  await place(b, [
    { at: at(1, 9), environment: "draft", cost: 0.02 },
    { at: at(1, 10), environment: "draft", cost: 0.02 },
    { at: at(1, 11), environment: "draft", cost: 0.03, version: v + 1 },
  ]);
  await place(c, [
    { at: at(2, 13), environment: "production", cost: null },
    { at: at(2, 14), environment: "production", cost: 0.005 },
  ]);
  await place(d, [
    { at: at(3, 8), environment: "production", cost: 0.007, version: v + 1 },
    { at: at(3, 9), environment: "production", cost: 0.007, version: v + 1 },
  ]);
  await place(e, [{ at: at(4, 10), environment: null, cost: 0.001 }]);
  const review = { agentId: agent.id, reason: "added" as const, state: "reviewed" as const };
  await handle.db.insert(sessionReviews).values([
    { ...review, sessionId: a, resolved: true },
    { ...review, sessionId: b, resolved: false },
    { ...review, sessionId: d, resolved: true },
  ]);
});

describe("GET /api/v1/agents/{key}/usage over the usage rollup", () => {
  it("answers the same for every group and window before and after the rollup, and after a later review", async () => {
    const agent = await getAgentByKey(handle.db, AGENT);
    if (!agent) throw new Error("agent missing");
    const before = new Map<string, UsageBody>();
    for (const query of QUERIES) before.set(query, settled(await usage(query)));

    // What the scan counts: A is one conversation over the window, one on each of its days.
    const byDay = before.get(QUERIES[1] as string);
    expect(byDay?.rows.map((r) => [r.conversations, r.turns])).toEqual([
      [1, 1],
      [2, 4],
      [1, 2],
      [1, 2],
      [1, 1],
    ]);
    expect(byDay?.total).toMatchObject({ conversations: 5, turns: 10, reviewed_conversations: 3 });
    expect(byDay?.total.resolved_conversations).toBe(2);

    // Backfill runs newest first, 31 days a run: run until nothing is left.
    let rolled = 0;
    for (let run = 0; run < 20; run++) {
      const result = await rollUpUsage(handle.db);
      rolled += result.days_rolled;
      if (result.days_rolled === 0) break;
    }
    expect(rolled).toBeGreaterThan(0);
    const marked = await handle.db.select().from(usageRolledDays).where(eq(usageRolledDays.agentId, agent.id));
    expect(marked.length).toBeGreaterThanOrEqual(10);
    const rows = await handle.db.select().from(usageDaily).where(eq(usageDaily.agentId, agent.id));
    // A on two days, B under two versions, C, D, E.
    expect(rows).toHaveLength(7);

    for (const query of QUERIES) expect(settled(await usage(query)), query).toEqual(before.get(query));

    // Rolling again replaces a day's rows, never adds to them.
    const again = await rollUpUsage(handle.db);
    expect(again.days_rolled).toBe(0);

    // A review given after the rollup counts at once: reviews are read now, not rolled.
    const [eSession] = await handle.db
      .select({ id: turns.sessionId })
      .from(turns)
      .where(and(eq(turns.agentId, agent.id), eq(turns.createdAt, at(4, 10))));
    await handle.db.insert(sessionReviews).values({
      agentId: agent.id,
      sessionId: eSession?.id as string,
      reason: "added",
      state: "reviewed",
      resolved: true,
    });
    const reviewed = settled(await usage(QUERIES[1] as string));
    expect(reviewed.total.resolved_conversations).toBe(3);
    expect(reviewed.total.cost_per_resolved_conversation_usd).toBeCloseTo((0.02 + 0.07 + 0.014 + 0.001) / 3, 12);
  });
});

describe("the usage.rollup job", () => {
  it("rolls a day only an hour after it ends, so a turn committed just after midnight is in it", async () => {
    const agent = await getAgentByKey(handle.db, LATE);
    if (!agent) throw new Error("agent missing");
    // Day D, 20 days ago: before every turn of the other agent, so this job's runs roll only this agent.
    const dayD = new Date(todayMidnight - 20 * DAY_MS);
    const D = iso(dayD).slice(0, 10);
    const session = await conversation(LATE, 2);
    const lateTurns = await handle.db.select().from(turns).where(eq(turns.sessionId, session)).orderBy(turns.turnIndex);
    await place(session, [
      { at: new Date(dayD.getTime() + 23 * 3_600_000), environment: "production", cost: 0.01 },
      // Stamped at the start of its transaction, 23:59:59.9; not visible yet (committed after midnight).
      { at: new Date(dayD.getTime() + 30 * 3_600_000), environment: "production", cost: 0.01 },
    ]);
    const halfPast = new Date(dayD.getTime() + DAY_MS + 30 * 60_000);
    await rollUpUsage(handle.db, halfPast);
    const markedEarly = await handle.db.select().from(usageRolledDays).where(eq(usageRolledDays.agentId, agent.id));
    expect(markedEarly).toEqual([]);

    // The late turn commits at 00:00:02 with its 23:59:59.9 stamp.
    await handle.db
      .update(turns)
      .set({ createdAt: new Date(dayD.getTime() + DAY_MS - 100) })
      .where(eq(turns.id, lateTurns[1]?.id as string));
    const window = { from: iso(dayD), to: iso(new Date(dayD.getTime() + DAY_MS)), group: "day" as const };
    const live = await agentUsage(handle.db, agent, window, halfPast);
    expect(live.total.turns).toBe(2);

    const past = new Date(dayD.getTime() + DAY_MS + 90 * 60_000);
    await rollUpUsage(handle.db, past);
    const marked = await handle.db.select().from(usageRolledDays).where(eq(usageRolledDays.agentId, agent.id));
    expect(marked.map((m) => m.day)).toEqual([D]);
    const rows = await handle.db.select().from(usageDaily).where(eq(usageDaily.agentId, agent.id));
    expect(rows.map((r) => [r.day, r.turns])).toEqual([[D, 2]]);
    expect(settled(await agentUsage(handle.db, agent, window, past))).toEqual(settled(live));
  });
});
