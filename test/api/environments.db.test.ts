import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as comparisonRoute } from "@/app/api/v1/agents/[key]/environments/[name]/comparison/route";
import { DELETE as deleteRoute } from "@/app/api/v1/agents/[key]/environments/[name]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/environments/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { getSession } from "@/db/queries/conversations";
import { claimPromotion } from "@/db/queries/environments";
import { ledgerEvents, turns } from "@/db/schema";
import { sessionVersionFor } from "@/lib/environments/server/session-version";
import { armForBucket, splitBucket } from "@/lib/environments/split-bucket";
import { demoAgent, environmentApi, saveNewVersion } from "../support/environment-helpers";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

let handle: DatabaseHandle;
let writer: string;
let admin: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([], { testsGate: "block" }));
  writer = await loopApiKey(handle, ["agents:write", "agents:read", "turns:write"]);
  admin = await loopApiKey(handle, ["admin"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const ledgerOf = async (type: string, agentKey: string) => {
  const agent = await getAgentByKey(handle.db, agentKey);
  return handle.db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.type, type), eq(ledgerEvents.agentId, agent?.id ?? "")))
    .orderBy(asc(ledgerEvents.seq));
};

describe("pins and sessions", () => {
  it("an agent without pins: production follows the latest version, as before", async () => {
    const v1 = await demoAgent(handle, "env-unpinned");
    const api = environmentApi(handle, "env-unpinned", writer);
    const made = await api.session({ customer_id: "c-1" });
    expect(made.status).toBe(201);
    const session = await getSession(handle.db, made.body.session_id);
    expect(session).toMatchObject({ environment: "production", configVersion: null });
    const v2 = await saveNewVersion(handle, "env-unpinned");
    expect(v2).toBe(v1 + 1);
    const turn = await api.turn(made.body.session_id, "hello");
    expect(turn.provenance).toMatchObject({ config_version: v2, environment: "production" });
  });

  it("a pinned session's turns run at its version while the draft moves on; draft sessions follow the latest", async () => {
    const v1 = await demoAgent(handle, "env-pinned");
    const api = environmentApi(handle, "env-pinned", writer);
    expect((await api.promote("production", { config_version: v1 })).status).toBe(200);
    const made = await api.session({ customer_id: "c-2" });
    // The draft moves on (the cap goes to 80); the pinned session stays at version 1.
    const v2 = await saveNewVersion(handle, "env-pinned", 80);
    const draft = await api.session({ customer_id: "c-3", environment: "draft" });
    expect(await getSession(handle.db, made.body.session_id)).toMatchObject({
      environment: "production",
      configVersion: v1,
    });
    expect(await getSession(handle.db, draft.body.session_id)).toMatchObject({
      environment: "draft",
      configVersion: null,
    });
    const pinnedTurn = await api.turn(made.body.session_id, "hello");
    const draftTurn = await api.turn(draft.body.session_id, "hello");
    expect(pinnedTurn.provenance).toMatchObject({ config_version: v1, environment: "production" });
    expect(draftTurn.provenance).toMatchObject({ config_version: v2, environment: "draft" });
    const [row] = await handle.db.select().from(turns).where(eq(turns.id, pinnedTurn.turn_id));
    expect(row).toMatchObject({ configVersion: v1, environment: "production" });
  });

  it("refuses a version that does not exist, an unknown environment and a session in one; nothing written", async () => {
    const v1 = await demoAgent(handle, "env-missing");
    const api = environmentApi(handle, "env-missing", writer);
    const before = await tableCounts(handle);
    const missing = await api.promote("production", { config_version: v1 + 5 });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual([
      { path: "config_version", message: expect.stringContaining("No kept version") },
    ]);
    expect((await api.promote("production", { config_version: 0 })).status).toBe(422);
    expect((await api.promote("staging", { config_version: v1 })).status).toBe(404);
    const nowhere = await api.session({ environment: "staging" });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors).toEqual([{ path: "environment", message: 'No environment "staging"' }]);
    expect(
      (
        await api.split("production", {
          arms: [
            { config_version: v1, percent: 50 },
            { config_version: 99, percent: 50 },
          ],
        })
      ).status,
    ).toBe(422);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("creates, lists and deletes a named environment; production cannot be deleted", async () => {
    const v1 = await demoAgent(handle, "env-named");
    const base = "/api/v1/agents/env-named/environments";
    const made = await callWithKey(createRoute as RouteHandler, "POST", base, { key: "env-named" }, writer, {
      name: "staging",
    });
    expect(made.status).toBe(201);
    expect(await made.json()).toMatchObject({ name: "staging", pinned_version: v1, serves_version: v1 });
    const again = await callWithKey(createRoute as RouteHandler, "POST", base, { key: "env-named" }, writer, {
      name: "staging",
    });
    expect(again.status).toBe(422);
    const listed = await (
      await callWithKey(listRoute as RouteHandler, "GET", base, { key: "env-named" }, writer)
    ).json();
    expect(listed.environments.map((e: { name: string }) => e.name)).toEqual(["production", "staging"]);
    const staged = await environmentApi(handle, "env-named", writer).session({ environment: "staging" });
    expect(await getSession(handle.db, staged.body.session_id)).toMatchObject({
      environment: "staging",
      configVersion: v1,
    });
    const params = (name: string) => ({ key: "env-named", name });
    expect(
      (await callWithKey(deleteRoute as RouteHandler, "DELETE", `${base}/production`, params("production"), writer))
        .status,
    ).toBe(422);
    expect(
      (await callWithKey(deleteRoute as RouteHandler, "DELETE", `${base}/staging`, params("staging"), writer)).status,
    ).toBe(200);
    expect((await ledgerOf("ENVIRONMENT_DELETED", "env-named")).map((e) => e.payload)).toEqual([
      expect.objectContaining({ environment: "staging", pinned_version: v1 }),
    ]);
  });
});

describe("promotion", () => {
  it("a version that turns a passing test red is not promoted; an admin forces it with a reason", async () => {
    const v1 = await demoAgent(handle, "env-gate");
    const api = environmentApi(handle, "env-gate", writer);
    await api.promote("production", { config_version: v1 });
    const v2 = await saveNewVersion(handle, "env-gate", 80);
    const before = await tableCounts(handle);
    const blocked = await api.promote("production", { config_version: v2 });
    expect(blocked.status).toBe(409);
    const body = await blocked.json();
    expect(body.error.code).toBe("TESTS_GATE");
    expect(body.error.message).toContain('"france-75-refund"');
    // A reason without the admin scope changes nothing.
    expect((await api.promote("production", { config_version: v2, force_reason: "trial" })).status).toBe(409);
    expect(await tableCounts(handle)).toEqual(before);
    const forced = await api.promote("production", { config_version: v2, force_reason: "Spring campaign cap" }, admin);
    expect(forced.status).toBe(200);
    expect(await forced.json()).toMatchObject({ pinned_version: v2 });
    expect((await ledgerOf("ENVIRONMENT_PINNED", "env-gate")).at(-1)?.payload).toMatchObject({
      environment: "production",
      config_version: v2,
      previous_version: v1,
      tests_gate: {
        mode: "block",
        forced: true,
        reason: "Spring campaign cap",
        turned_red: expect.arrayContaining(["france-75-refund"]),
      },
    });
  });

  it("a second promotion of the same environment while one runs is a 409", async () => {
    const v1 = await demoAgent(handle, "env-race");
    const api = environmentApi(handle, "env-race", writer);
    await api.promote("production", { config_version: v1 });
    const v2 = await saveNewVersion(handle, "env-race");
    // The suite runs on both versions while the first holds the claim.
    const answers = await Promise.all([
      api.promote("production", { config_version: v2 }),
      api.promote("production", { config_version: v2 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // And deterministically: a claim held elsewhere refuses the promotion, writing nothing.
    const agent = await getAgentByKey(handle.db, "env-race");
    await claimPromotion(handle.db, agent?.id ?? "", "production", new Date(0));
    const held = await api.promote("production", { config_version: v1 });
    expect(held.status).toBe(409);
    expect((await held.json()).error.message).toContain("promotion of production is running");
  });

  it("rollback walks back through the pins, one at a time, and says when there is none left", async () => {
    const v1 = await demoAgent(handle, "env-rollback");
    const api = environmentApi(handle, "env-rollback", writer);
    await api.promote("production", { config_version: v1 });
    const v2 = await saveNewVersion(handle, "env-rollback");
    await api.promote("production", { config_version: v2 });
    const v3 = await saveNewVersion(handle, "env-rollback");
    await api.promote("production", { config_version: v3 });
    // Promoting the pinned version again writes no pin a rollback would step back to.
    expect((await api.promote("production", { config_version: v3 })).status).toBe(200);
    expect(await (await api.rollback("production")).json()).toMatchObject({ pinned_version: v2 });
    expect(await (await api.rollback("production")).json()).toMatchObject({ pinned_version: v1 });
    const none = await api.rollback("production");
    expect(none.status).toBe(409);
    expect((await ledgerOf("ENVIRONMENT_ROLLED_BACK", "env-rollback")).map((e) => e.payload.config_version)).toEqual([
      v2,
      v1,
    ]);
    const made = await api.session({ customer_id: "c-9" });
    expect(await getSession(handle.db, made.body.session_id)).toMatchObject({ configVersion: v1 });
  });
});

describe("traffic split", () => {
  it("gives each customer the arm of their bucket, always the same version, over sessionVersionFor and REST", async () => {
    const v1 = await demoAgent(handle, "env-split");
    const v2 = await saveNewVersion(handle, "env-split");
    const v3 = await saveNewVersion(handle, "env-split");
    const api = environmentApi(handle, "env-split", writer);
    const arms = [
      { config_version: v1, percent: 50 },
      { config_version: v2, percent: 30 },
      { config_version: v3, percent: 20 },
    ];
    expect((await api.split("production", { arms })).status).toBe(200);
    const agent = await getAgentByKey(handle.db, "env-split");
    if (!agent) throw new Error("agent missing");
    const counts = new Map<number, number>();
    // 300 customers: every one's version is the arm its bucket names, so the spread is the buckets'
    // own, asserted within 2 points on 50,000 customers of fixed agents in split-bucket.test.ts.
    for (let i = 0; i < 300; i++) {
      const { configVersion } = await sessionVersionFor(handle.db, agent, "production", `customer-${i}`);
      expect(configVersion).toBe(
        armForBucket(arms, splitBucket(agent.id, "production", `customer-${i}`)).config_version,
      );
      counts.set(configVersion ?? 0, (counts.get(configVersion ?? 0) ?? 0) + 1);
      const again = await sessionVersionFor(handle.db, agent, "production", `customer-${i}`);
      expect(again.configVersion).toBe(configVersion);
    }
    // Every arm drawn at least once: 300 customers leave a 20 % arm unseen with probability 0.8³⁰⁰.
    for (const arm of arms) expect(counts.get(arm.config_version) ?? 0).toBeGreaterThan(0);
    // Over REST too: one customer's sessions share a version.
    const first = await api.session({ customer_id: "sticky" });
    const second = await api.session({ customer_id: "sticky" });
    const a = await getSession(handle.db, first.body.session_id);
    const b = await getSession(handle.db, second.body.session_id);
    expect(a?.configVersion).toBe(b?.configVersion);
    expect(arms.map((arm) => arm.config_version)).toContain(a?.configVersion);
    expect((await ledgerOf("SPLIT_STARTED", "env-split")).at(-1)?.payload).toMatchObject({ arms });
  });

  it("refuses percentages that do not add up to 100 and a repeated version, naming them; nothing written", async () => {
    const v1 = await demoAgent(handle, "env-split-bad");
    const v2 = await saveNewVersion(handle, "env-split-bad");
    const api = environmentApi(handle, "env-split-bad", writer);
    const before = await tableCounts(handle);
    const short = await api.split("production", {
      arms: [
        { config_version: v1, percent: 50 },
        { config_version: v2, percent: 40 },
      ],
    });
    expect(short.status).toBe(422);
    expect((await short.json()).errors).toEqual([{ path: "arms", message: "The percentages add up to 90, not 100" }]);
    const twice = await api.split("production", {
      arms: [
        { config_version: v1, percent: 50 },
        { config_version: v1, percent: 50 },
      ],
    });
    expect(twice.status).toBe(422);
    expect((await twice.json()).errors).toEqual([
      { path: "arms[1].config_version", message: `Version ${v1} is listed twice` },
    ]);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("ending a split keeps the chosen arm as the pin", async () => {
    const v1 = await demoAgent(handle, "env-split-end");
    const api = environmentApi(handle, "env-split-end", writer);
    await api.promote("production", { config_version: v1 });
    const v2 = await saveNewVersion(handle, "env-split-end");
    await api.split("production", {
      arms: [
        { config_version: v1, percent: 90 },
        { config_version: v2, percent: 10 },
      ],
    });
    expect((await api.promote("production", { config_version: v2 })).status).toBe(409);
    expect((await api.endSplit("production", { keep: 99 })).status).toBe(422);
    const ended = await api.endSplit("production", { keep: v2 });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ pinned_version: v2, split: null });
    expect((await ledgerOf("SPLIT_ENDED", "env-split-end")).at(-1)?.payload).toMatchObject({
      kept: v2,
      previous_version: v1,
    });
    expect(await (await api.rollback("production")).json()).toMatchObject({ pinned_version: v1 });
  });

  it("compares the arms' sessions and turns since the split started, with intervals and words", async () => {
    const v1 = await demoAgent(handle, "env-compare");
    const v2 = await saveNewVersion(handle, "env-compare");
    const api = environmentApi(handle, "env-compare", writer);
    const path = "/api/v1/agents/env-compare/environments/production/comparison";
    const params = { key: "env-compare", name: "production" };
    expect((await callWithKey(comparisonRoute as RouteHandler, "GET", path, params, admin)).status).toBe(409);
    await api.split("production", {
      arms: [
        { config_version: v1, percent: 50 },
        { config_version: v2, percent: 50 },
      ],
    });
    for (let i = 0; i < 8; i++) {
      const made = await api.session({ customer_id: `compare-${i}` });
      await api.turn(made.body.session_id, "hello");
      await api.turn(made.body.session_id, "I want a refund for order A1001");
    }
    const compared = await (await callWithKey(comparisonRoute as RouteHandler, "GET", path, params, admin)).json();
    expect(compared.arms.map((arm: { config_version: number }) => arm.config_version)).toEqual([v1, v2]);
    const total = (field: "sessions" | "turns") =>
      compared.arms.reduce((sum: number, arm: Record<string, number>) => sum + (arm[field] ?? 0), 0);
    expect(total("sessions")).toBe(8);
    expect(total("turns")).toBe(16);
    for (const arm of compared.arms) {
      expect(arm.fallback.low).toBeLessThanOrEqual(arm.fallback.rate);
      expect(arm.fallback.high).toBeGreaterThanOrEqual(arm.fallback.rate);
      if (arm.turns > 0) expect(arm.p95_latency_ms).not.toBeNull();
      // Offline turns cost nothing: every conversation of the window costs $0, with no spread.
      if (arm.turns > 0) {
        expect(arm.cost_per_conversation).toEqual({ sessions: arm.sessions, mean_usd: 0, low_usd: 0, high_usd: 0 });
      }
    }
    expect(compared.differences.length).toBeGreaterThan(0);
    for (const difference of compared.differences)
      expect(difference.words).toMatch(/^(Clearly|Not enough|No difference)/);
  });
});
