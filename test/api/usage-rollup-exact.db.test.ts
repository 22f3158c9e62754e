import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getAgentByKey } from "@/db/queries/agents";
import { type UsageGrouping, type UsageSums, usageSums } from "@/db/queries/usage";
import { rollUpUsageHour } from "@/db/queries/usage-rollups";
import { sessionReviews, sessions, turns, usageRolledHours } from "@/db/schema";
import type { AgentRow } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { rollUpUsage } from "@/lib/usage/server/roll-up-usage";
import { rolledRange } from "@/lib/usage/server/rolled-range";
import { fileDatabase } from "../support/test-database";

// The rolled usage answer (usage_hour_sums, usage_conversation_runs, usage_hourly for reviewed cost,
// turns for the rest; docs/pipeline.md#reading-cost) equals the plain scan over turns for every group
// and window: fully rolled, partly rolled, after an hour is rolled again with a turn it lacked, after
// reviews change, and after a conversation is deleted. The turns, from 5 days ago to yesterday:
//   A crosses midnight (day 0 23:30, day 1 00:15), draft, v; reviewed, resolved.
//   B spans hours, days and two versions in production: day 1 22:00 v, 23:00 v + 1, day 2 01:00 v + 1
//     (unpriced), 02:00 v again; reviewed, not resolved.
//   G has a three-day gap (canary, day 1 05:00 and day 4 05:00): not a conversation of days 2–3.
//   C on day 2 13:00 and 14:00 without an environment.

const db = fileDatabase();
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const todayMidnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const BASE = todayMidnight - 5 * DAY_MS;
const at = (day: number, hour: number) => new Date(BASE + day * DAY_MS + hour * HOUR_MS);
const GROUPS: UsageGrouping[] = ["day", "version", "environment"];
const WINDOWS = [
  { from: at(-25, 0), to: at(5, 0) },
  { from: at(0, 0), to: at(5, 0) },
  // Partial first and last hours, summed from turns on both sides of the rolled hours.
  { from: at(0, 12.5), to: at(4, 11.5) },
  // G's gap: G has no turn here.
  { from: at(2, 0), to: at(4, 0) },
  // A's first turn and C's second are in the live edges, their other turns rolled: each counts once.
  { from: at(0, 23.25), to: at(2, 14.5) },
  { from: at(1, 23), to: at(2, 2) },
];

let agent: AgentRow;
const ids: Record<string, string> = {};

// Costs are float sums added in another order once rolled: equal to 1e-12, every count exactly.
const settled = (sums: unknown) =>
  JSON.parse(JSON.stringify(sums), (_k, v) => (typeof v === "number" ? Number(v.toFixed(12)) : v)) as {
    rows: UsageSums[];
    total: UsageSums | undefined;
  };

async function addTurns(
  name: string,
  placed: { at: Date; version: number; env: string | null; cost: number | null }[],
) {
  const existing = ids[name];
  const sessionId =
    existing ??
    (
      await db.db
        .insert(sessions)
        .values({ agentId: agent.id, channel: "api", environment: placed[0]?.env, createdAt: placed[0]?.at })
        .returning({ id: sessions.id })
    )[0]?.id;
  if (!sessionId) throw new Error("session missing");
  ids[name] = sessionId;
  const first = (await db.db.select().from(turns).where(eq(turns.sessionId, sessionId))).length;
  await db.db.insert(turns).values(
    placed.map((p, i) => ({
      sessionId,
      agentId: agent.id,
      turnIndex: first + i,
      userMessage: "m",
      response: "r",
      outcome: "answered" as const,
      tokensIn: 100 + i,
      tokensOut: 10 + i,
      costUsd: p.cost,
      configVersion: p.version,
      environment: p.env,
      createdAt: p.at,
    })),
  );
}

/** For every group and window: the rolled answer, the scan, and whether any hour came from the rollup. */
async function compareAll() {
  let rolledWindows = 0;
  for (const window of WINDOWS) {
    const rolled = await rolledRange(db.db, agent.id, window, new Date());
    if (rolled) rolledWindows++;
    for (const group of GROUPS) {
      const scan = settled(await usageSums(db.db, agent.id, window, group, null));
      const read = settled(await usageSums(db.db, agent.id, window, group, rolled));
      expect(read, `${group} ${window.from.toISOString()}–${window.to.toISOString()}`).toEqual(scan);
    }
  }
  return rolledWindows;
}

async function rollEverything() {
  for (let run = 0; run < 20; run++) if ((await rollUpUsage(db.db)).hours_rolled === 0) return;
}

beforeAll(async () => {
  await importBundle(db.db, { ...demo, agent: { ...demo.agent, key: "usage-exact" } }, SYSTEM_ACTOR, "setup");
  const found = await getAgentByKey(db.db, "usage-exact");
  if (!found) throw new Error("agent missing");
  agent = found;
  const v = agent.configVersion;
  await addTurns("A", [
    { at: at(0, 23.5), version: v, env: "draft", cost: 0.01 },
    { at: at(1, 0.25), version: v, env: "draft", cost: 0.01 },
  ]);
  await addTurns("B", [
    { at: at(1, 22), version: v, env: "production", cost: 0.02 },
    { at: at(1, 23), version: v + 1, env: "production", cost: 0.03 },
    { at: at(2, 1), version: v + 1, env: "production", cost: null },
    { at: at(2, 2), version: v, env: "production", cost: 0.04 },
  ]);
  await addTurns("G", [
    { at: at(1, 5), version: v, env: "canary", cost: 0.005 },
    { at: at(4, 5), version: v, env: "canary", cost: 0.006 },
  ]);
  await addTurns("C", [
    { at: at(2, 13), version: v + 1, env: null, cost: 0.007 },
    { at: at(2, 14), version: v + 1, env: null, cost: 0.008 },
  ]);
  const review = { agentId: agent.id, reason: "added" as const, state: "reviewed" as const };
  await db.db.insert(sessionReviews).values([
    { ...review, sessionId: ids.A as string, resolved: true },
    { ...review, sessionId: ids.B as string, resolved: false },
    { ...review, sessionId: ids.G as string, resolved: true },
  ]);
});

describe("the rolled usage answer", () => {
  it("equals the scan over turns for every group and window, however much is rolled", async () => {
    const v = agent.configVersion;
    // What the scan itself says: B is one conversation under each version, G none on days 2–3.
    const byVersion = await usageSums(db.db, agent.id, WINDOWS[1] as (typeof WINDOWS)[0], "version", null);
    expect(byVersion.rows.map((r) => [r.key, r.conversations, r.turns])).toEqual([
      [`${v}`, 3, 6],
      [`${v + 1}`, 2, 4],
    ]);
    const gap = await usageSums(db.db, agent.id, WINDOWS[3] as (typeof WINDOWS)[0], "day", null);
    expect(gap.total).toMatchObject({ conversations: 2, turns: 4, reviewedConversations: 1, resolvedConversations: 0 });

    await rollEverything();
    expect(await compareAll()).toBe(WINDOWS.length);

    // Day 2 unrolled: each window reads its longest rolled run and sums the rest from turns.
    await db.db
      .delete(usageRolledHours)
      .where(and(eq(usageRolledHours.agentId, agent.id), eq(usageRolledHours.hour, at(2, 1))));
    expect(await compareAll()).toBeGreaterThan(0);
    await rollEverything();

    // A turn that reached an hour after it was rolled (none should: the hour waits 15 minutes) counts
    // once the hour is rolled again, in A's runs too: A now has a turn on day 2.
    await addTurns("A", [{ at: at(2, 3.5), version: v + 1, env: "draft", cost: 0.002 }]);
    await rollUpUsageHour(db.db, agent.id, at(2, 3));
    expect(await compareAll()).toBe(WINDOWS.length);
    const late = await usageSums(db.db, agent.id, WINDOWS[3] as (typeof WINDOWS)[0], "day", null);
    expect(late.total?.conversations).toBe(3);

    // Reviews changed after the rollup count at once: B resolved, G's review gone, C reviewed.
    await db.db
      .update(sessionReviews)
      .set({ resolved: true })
      .where(eq(sessionReviews.sessionId, ids.B as string));
    await db.db.delete(sessionReviews).where(eq(sessionReviews.sessionId, ids.G as string));
    await db.db
      .insert(sessionReviews)
      .values({ agentId: agent.id, sessionId: ids.C as string, reason: "added", state: "reviewed", resolved: false });
    expect(await compareAll()).toBe(WINDOWS.length);
    const reviewed = await usageSums(db.db, agent.id, WINDOWS[1] as (typeof WINDOWS)[0], "day", null);
    expect(reviewed.total).toMatchObject({ reviewedConversations: 3, resolvedConversations: 2 });

    // Deleting a conversation takes it out of the sums, as it takes its turns.
    await db.db.delete(sessions).where(eq(sessions.id, ids.C as string));
    expect(await compareAll()).toBe(WINDOWS.length);
    const after = await usageSums(db.db, agent.id, WINDOWS[1] as (typeof WINDOWS)[0], "environment", null);
    expect(after.rows.map((r) => r.key)).toEqual(["canary", "draft", "production"]);
  });
});
