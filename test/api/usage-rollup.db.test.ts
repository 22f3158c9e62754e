import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as usageRoute } from "@/app/api/v1/agents/[key]/usage/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { getAgentByKey } from "@/db/queries/agents";
import { rollUpUsageHour } from "@/db/queries/usage-rollups";
import { sessionReviews, turns, usageHourly, usageRolledHours } from "@/db/schema";
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
// resolved, some not, one after the rollup. A turn committed after its hour ended is not lost either.

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

    // Backfill runs newest first, 31 days of hours a run: run until nothing is left.
    let rolled = 0;
    for (let run = 0; run < 20; run++) {
      const result = await rollUpUsage(handle.db);
      rolled += result.hours_rolled;
      if (result.hours_rolled === 0) break;
    }
    expect(rolled).toBeGreaterThan(0);
    const marked = await handle.db.select().from(usageRolledHours).where(eq(usageRolledHours.agentId, agent.id));
    expect(marked.length).toBeGreaterThanOrEqual(9 * 24);
    const rows = await handle.db.select().from(usageHourly).where(eq(usageHourly.agentId, agent.id));
    // A in two hours, B in three (two under v), C in two, D in two, E.
    expect(rows).toHaveLength(10);

    for (const query of QUERIES) expect(settled(await usage(query)), query).toEqual(before.get(query));

    // Nothing left to roll; rolling an hour again replaces its rows, never adds to them.
    expect((await rollUpUsage(handle.db)).hours_rolled).toBe(0);
    await rollUpUsageHour(handle.db, agent.id, at(1, 9));
    expect(await handle.db.select().from(usageHourly).where(eq(usageHourly.agentId, agent.id))).toHaveLength(10);
    for (const query of QUERIES) expect(settled(await usage(query)), query).toEqual(before.get(query));

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
  it("rolls an hour only 15 minutes after it ends, so a turn committed just after the hour is in it", async () => {
    const agent = await getAgentByKey(handle.db, LATE);
    if (!agent) throw new Error("agent missing");
    // Hour 23:00 of day D, 20 days ago: before every turn of the other agent, so this job's runs roll
    // only this agent.
    const dayD = new Date(todayMidnight - 20 * DAY_MS);
    const hour23 = new Date(dayD.getTime() + 23 * 3_600_000);
    const midnight = new Date(dayD.getTime() + DAY_MS);
    const session = await conversation(LATE, 2);
    const lateTurns = await handle.db.select().from(turns).where(eq(turns.sessionId, session)).orderBy(turns.turnIndex);
    await place(session, [
      { at: new Date(hour23.getTime() + 30 * 60_000), environment: "production", cost: 0.01 },
      // Not committed yet: out of every window read below until it commits.
      { at: new Date(midnight.getTime() + 6 * 3_600_000), environment: "production", cost: 0.01 },
    ]);
    const tenPast = new Date(midnight.getTime() + 10 * 60_000);
    await rollUpUsage(handle.db, tenPast);
    expect(await handle.db.select().from(usageRolledHours).where(eq(usageRolledHours.agentId, agent.id))).toEqual([]);

    // The second turn, stamped 23:59:59.9 at the start of its transaction, commits at 00:00:02.
    await handle.db
      .update(turns)
      .set({ createdAt: new Date(midnight.getTime() - 100) })
      .where(eq(turns.id, lateTurns[1]?.id as string));
    const window = { from: iso(dayD), to: iso(midnight), group: "day" as const };
    const live = await agentUsage(handle.db, agent, window, tenPast);
    expect(live.total.turns).toBe(2);

    const twentyPast = new Date(midnight.getTime() + 20 * 60_000);
    await rollUpUsage(handle.db, twentyPast);
    const marked = await handle.db.select().from(usageRolledHours).where(eq(usageRolledHours.agentId, agent.id));
    expect(marked.map((m) => m.hour.toISOString())).toEqual([hour23.toISOString()]);
    const rows = await handle.db.select().from(usageHourly).where(eq(usageHourly.agentId, agent.id));
    expect(rows.map((r) => [r.hour.toISOString(), r.turns])).toEqual([[hour23.toISOString(), 2]]);
    expect(settled(await agentUsage(handle.db, agent, window, twentyPast))).toEqual(settled(live));
  });
});
