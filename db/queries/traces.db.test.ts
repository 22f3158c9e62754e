import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { createTestDatabase } from "@/test/support/test-database";
import { type FixtureTurn, newestFirst, seedTraceFixture, type TraceFixture } from "@/test/support/trace-fixtures";
import { turns } from "../schema";
import { rollUpDays } from "./dashboard-rollups";
import { decodeTraceCursor, encodeTraceCursor } from "./trace-cursor";
import { topRules, turnCountsByDay } from "./trace-dashboard";
import { escapeLike, listTraces, type TraceFilter } from "./traces";

// 300 turns of one agent (and 40 of another) with known filters, 3 per timestamp: every filter's
// result must equal the same filter applied to the array, newest first, across every page.

const COUNT = 300;
const NEWEST = new Date("2026-03-10T12:00:00.123Z");
let handle: DatabaseHandle;
let fx: TraceFixture;

beforeAll(async () => {
  handle = await createTestDatabase();
  fx = await seedTraceFixture(handle.db, COUNT, NEWEST);
});
afterAll(async () => {
  await handle?.close();
});

/** Every page of a filter, following the cursor, as ids in order. */
async function allPages(filter: TraceFilter, limit: number, probeRows?: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await listTraces(handle.db, filter, { cursor, limit, probeRows });
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    ids.push(...page.rows.map((r) => r.id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error("cursor never ended");
}

/**
 * The filter's pages equal the array filtered, with the probe covering all 300 turns (its default
 * 5,000 rows), and with a 16-row probe so most pages continue past the window.
 */
async function expectFilter(filter: TraceFilter, keep: (t: FixtureTurn) => boolean) {
  const expected = newestFirst(fx.turns.filter((t) => t.agentId === fx.agentId && keep(t))).map((t) => t.id);
  expect(expected.length).toBeGreaterThan(0);
  expect(await allPages({ agentId: fx.agentId, ...filter }, 50)).toEqual(expected);
  expect(await allPages({ agentId: fx.agentId, ...filter }, 7, 16)).toEqual(expected);
}

describe("listTraces filters", () => {
  it("lists an agent's turns newest first, and every agent's without one", async () => {
    await expectFilter({}, () => true);
    const everyone = newestFirst(fx.turns).map((t) => t.id);
    expect(await allPages({}, 100)).toEqual(everyone);
  });

  it("filters by session, outcome and scenario", async () => {
    const session = fx.turns[3]?.sessionId;
    await expectFilter({ sessionId: session }, (t) => t.sessionId === session);
    await expectFilter({ outcome: "fallback" }, (t) => t.outcome === "fallback");
    await expectFilter({ outcome: "error" }, (t) => t.outcome === "error");
    await expectFilter({ scenarioId: fx.scenarioIds[1] }, (t) => t.scenarioId === fx.scenarioIds[1]);
  });

  it("filters by a fired rule, common or rare", async () => {
    await expectFilter({ firedRuleId: fx.ruleIds.often }, (t) => t.firedRuleIds.includes(fx.ruleIds.often));
    await expectFilter({ firedRuleId: fx.ruleIds.rare }, (t) => t.firedRuleIds.includes(fx.ruleIds.rare));
    const rare = await listTraces(handle.db, { agentId: fx.agentId, firedRuleId: fx.ruleIds.rare });
    expect(rare.rows).toHaveLength(1);
    expect(rare.rows[0]?.firedCount).toBe(1); // i = 123: odd, not a multiple of 5
  });

  it("filters by a violated rule and by any violation", async () => {
    await expectFilter({ violation: fx.ruleIds.common }, (t) => t.violatedRuleIds.includes(fx.ruleIds.common));
    await expectFilter({ violation: "any" }, (t) => t.violatedRuleIds.length > 0);
    await expectFilter({ violation: "any", outcome: "regenerated" }, (t) => t.outcome === "regenerated");
    const none = await listTraces(handle.db, { agentId: fx.agentId, violation: "any", outcome: "answered" });
    expect(none.rows).toEqual([]);
  });

  it("filters by provider and by a [from, to) date range", async () => {
    await expectFilter({ provider: "openai" }, (t) => t.provider === "openai");
    const from = new Date(NEWEST.getTime() - 20 * 37 * 60_000);
    const to = new Date(NEWEST.getTime() - 5 * 37 * 60_000);
    await expectFilter({ from, to }, (t) => t.createdAt >= from && t.createdAt < to);
    await expectFilter({ from, provider: "offline" }, (t) => t.createdAt >= from && t.provider === "offline");
  });

  it("searches message and reply case-insensitively, % _ and \\ matching only themselves", async () => {
    await expectFilter({ text: "QUESTION 12" }, (t) => /question 12/i.test(t.userMessage));
    await expectFilter({ text: "100%" }, (t) => t.userMessage.includes("100%"));
    await expectFilter({ text: "snake_case" }, (t) => t.userMessage.includes("snake_case"));
    await expectFilter({ text: "C:\\orders" }, (t) => t.response.includes("C:\\orders"));
    await expectFilter({ text: "answer 29" }, (t) => /answer 29/i.test(t.response));
    expect(escapeLike("50%_\\")).toBe("50\\%\\_\\\\");
    const lone = await listTraces(handle.db, { agentId: fx.agentId, text: "%" });
    expect(lone.rows.map((r) => r.userMessage)).toEqual(["Please refund 100% of order 10"]);
  });

  it("keeps other agents' turns out", async () => {
    const ids = new Set(await allPages({ agentId: fx.agentId }, 200));
    expect(fx.turns.filter((t) => t.agentId === fx.otherAgentId).some((t) => ids.has(t.id))).toBe(false);
  });
});

describe("listTraces keyset pagination", () => {
  it("pages without duplicates or gaps at any page size, through timestamp ties", async () => {
    const expected = newestFirst(fx.turns.filter((t) => t.agentId === fx.agentId)).map((t) => t.id);
    for (const limit of [1, 7, 50, 200]) {
      const ids = await allPages({ agentId: fx.agentId }, limit);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expected);
    }
    // Every message has a space: a filter matching every turn, through probes of 1, 3 and 10 rows
    // whose windows end inside pages, between them and on timestamp ties.
    for (const probeRows of [1, 3, 10]) {
      expect(await allPages({ agentId: fx.agentId, text: " " }, 4, probeRows)).toEqual(expected);
    }
  });

  it("stays stable when newer turns arrive between pages", async () => {
    const first = await listTraces(handle.db, { agentId: fx.agentId }, { limit: 20 });
    const session = fx.turns[0]?.sessionId ?? "";
    const [late] = await handle.db
      .insert(turns)
      .values({
        sessionId: session,
        agentId: fx.agentId,
        turnIndex: 10_000,
        userMessage: "arrived later",
        response: "late",
        outcome: "answered",
        configVersion: 1,
        createdAt: new Date(NEWEST.getTime() + 60_000),
      })
      .returning();
    const second = await listTraces(handle.db, { agentId: fx.agentId }, { cursor: first.nextCursor ?? "", limit: 20 });
    const expected = newestFirst(fx.turns.filter((t) => t.agentId === fx.agentId)).map((t) => t.id);
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(expected.slice(0, 40));
    const fresh = await listTraces(handle.db, { agentId: fx.agentId }, { limit: 1 });
    expect(fresh.rows[0]?.userMessage).toBe("arrived later");
    await handle.db.delete(turns).where(eq(turns.id, late?.id ?? ""));
  });

  it("keeps microseconds in the cursor and ignores one that does not decode", async () => {
    const cursor = { createdAt: "2026-03-10 12:00:00.123456+00", id: "0b8f7c1e-9a4d-4f7e-8c2b-1d3e5f7a9b0c" };
    expect(decodeTraceCursor(encodeTraceCursor(cursor))).toEqual(cursor);
    expect(decodeTraceCursor("not-a-cursor")).toBeUndefined();
    expect(decodeTraceCursor(Buffer.from("x~y").toString("base64url"))).toBeUndefined();
    const page = await listTraces(handle.db, { agentId: fx.agentId }, { cursor: "garbage", limit: 3 });
    expect(page.rows).toHaveLength(3);
  });
});

describe("dashboard aggregates", () => {
  // One day back from 12:00 UTC: two UTC days, 117 of the 300 turns.
  const since = new Date(NEWEST.getTime() - 86_400_000);
  const windowed = () => fx.turns.filter((t) => t.agentId === fx.agentId && t.createdAt >= since);
  const utcDay = (d: Date) => d.toISOString().slice(0, 10);
  const tally = (keys: string[]) => keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());

  it("count turns per UTC day, outcome, intent and model calls over the window", async () => {
    const counts = await turnCountsByDay(handle.db, { agentId: fx.agentId, since, liveSince: since });
    const key = (r: { day: string; outcome: string; intent: string | null; calls: number }) =>
      `${r.day} ${r.outcome} ${r.intent} ${r.calls}`;
    const expected = tally(
      windowed().map((t) =>
        key({ day: utcDay(t.createdAt), outcome: t.outcome, intent: t.intentLabel, calls: Math.min(t.modelCalls, 10) }),
      ),
    );
    expect(new Map(counts.map((r) => [key(r), r.n]))).toEqual(expected);
    expect(counts.reduce((sum, r) => sum + r.n, 0)).toBe(windowed().length);
    expect(counts.filter((r) => r.calls === 10).reduce((sum, r) => sum + r.n, 0)).toBe(1);
  });

  it("rank fired and violated rules with their names", async () => {
    const { fired, violated } = await topRules(handle.db, { agentId: fx.agentId, since, liveSince: since });
    const firedTally = tally(windowed().flatMap((t) => t.firedRuleIds));
    expect(fired.map((r) => [r.key, r.n])).toEqual([
      ["common", firedTally.get(fx.ruleIds.common)],
      ["often", firedTally.get(fx.ruleIds.often)],
      ...(firedTally.has(fx.ruleIds.rare) ? [["rare", 1]] : []),
    ]);
    expect(fired[0]?.name).toBe("Rule common");
    const violatedTally = tally(windowed().flatMap((t) => t.violatedRuleIds));
    expect(new Map(violated.map((r) => [r.ruleId, r.n]))).toEqual(violatedTally);
  });
  it("count closed days from their rollup exactly as from the turns, and roll each day once", async () => {
    // NEWEST's UTC midnight and the day before: the 2nd day is counted live, the 1st rolled up.
    const midnight = new Date(`${utcDay(NEWEST)}T00:00:00.000Z`);
    const dayBefore = new Date(midnight.getTime() - 86_400_000);
    const allLive = { agentId: fx.agentId, since: dayBefore, liveSince: dayBefore };
    const [liveCounts, liveRules] = [await turnCountsByDay(handle.db, allLive), await topRules(handle.db, allLive)];
    expect(liveCounts.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThan(0);

    // Two rollers of the same day at once: one rolls it, the other finds it taken.
    const rolled = await Promise.all([
      rollUpDays(handle.db, fx.agentId, [utcDay(dayBefore)]),
      rollUpDays(handle.db, fx.agentId, [utcDay(dayBefore)]),
    ]);
    expect(rolled.flat()).toEqual([utcDay(dayBefore)]);

    const mixed = { agentId: fx.agentId, since: dayBefore, liveSince: midnight };
    const key = (r: { day: string; outcome: string; intent: string | null; calls: number }) =>
      `${r.day} ${r.outcome} ${r.intent} ${r.calls}`;
    const asMap = (rows: Awaited<ReturnType<typeof turnCountsByDay>>) => new Map(rows.map((r) => [key(r), r.n]));
    expect(asMap(await turnCountsByDay(handle.db, mixed))).toEqual(asMap(liveCounts));
    expect(await topRules(handle.db, mixed)).toEqual(liveRules);
    expect(await rollUpDays(handle.db, fx.agentId, [utcDay(dayBefore)])).toEqual([]);
  });
});
