import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { rolledDays } from "@/db/queries/dashboard-rollups";
import { rowsOf } from "@/db/raw-rows";
import type { AgentRow } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { parseTraceSearch } from "@/lib/traces/trace-search";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { agentRow } from "@/test/support/config-save-checks";
import { startTestApp } from "@/test/support/focal-test-app";
import { loadAgentDashboard } from "./load-agent-dashboard";
import { loadTracesPage } from "./load-traces-page";
import { loadTurnDetail } from "./load-turn-detail";
import { rollUpDashboards } from "./roll-up-dashboards";

// The France / order 123 / $75 refund turn through the real host (offline provider): the traces
// page, the turn detail and the dashboard must show what the engine stored.

let handle: DatabaseHandle;
let agent: AgentRow;
let turnId = "";
let sessionId = "";

beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  const found = await agentRow(handle);
  agent = found;
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  sessionId = session.id;
  const say = (message: string, requestId: string) =>
    hostTurn(handle.db, { sessionId, message, actor: SYSTEM_ACTOR, requestId });
  turnId = (await say("I'm in France and want a refund for order 123", "req-traces-1")).turn.id;
  await say("How much is the blue kettle?", "req-traces-2");
});
afterAll(async () => {
  await handle?.close();
});

describe("traces loaders", () => {
  it("list the hosted turns and filter them by outcome and violated rule from URL parameters", async () => {
    const all = await loadTracesPage(handle.db, agent, parseTraceSearch({}));
    expect(all.rows.map((r) => r.turnIndex)).toEqual([1, 0]);
    const maxRefund = all.options.rules.find((r) => r.key === "max-refund");
    expect(maxRefund).toBeDefined();
    const regenerated = await loadTracesPage(
      handle.db,
      agent,
      parseTraceSearch({ outcome: "regenerated", violation: maxRefund?.id, session: sessionId, q: "FRANCE" }),
    );
    expect(regenerated.rows.map((r) => r.id)).toEqual([turnId]);
    expect(regenerated.rows[0]).toMatchObject({ provider: "offline", scenarioId: expect.any(String) });
    expect(all.options.scenarios.map((s) => s.id)).toContain(regenerated.rows[0]?.scenarioId);
  });

  it("load a turn with its spans, its ledger events and its regeneration loops", async () => {
    const detail = await loadTurnDetail(handle.db, agent, turnId);
    expect(detail?.turn.spans.map((s) => s.name)).toContain("regeneration");
    expect(detail?.intentLabel).toBe("refund_request");
    // The reply promises a specialist's review, so the turn also opens that follow-up (docs/handoffs.md).
    expect(detail?.ledgerEvents.map((e) => [e.type, e.requestId])).toEqual([
      ["TURN_COMPLETED", "req-traces-1"],
      ["HANDOFF_REQUESTED", "req-traces-1"],
    ]);
    expect(detail?.ledgerEvents[0]?.payload.turn_id).toBe(turnId);
    expect(detail?.loops.map((l) => l.loopId)).toEqual([`turn_${turnId}`, `turn_${turnId}_r1`]);
  });

  it("answer null for a malformed id, an unknown one and another agent's turn", async () => {
    expect(await loadTurnDetail(handle.db, agent, "not-a-uuid")).toBeNull();
    expect(await loadTurnDetail(handle.db, agent, "0b8f7c1e-9a4d-4f7e-8c2b-1d3e5f7a9b0c")).toBeNull();
    expect(await loadTurnDetail(handle.db, { id: "0b8f7c1e-9a4d-4f7e-8c2b-1d3e5f7a9b0c" }, turnId)).toBeNull();
  });

  it("count today's turns on the dashboard with the rule the first turn violated", async () => {
    const dashboard = await loadAgentDashboard(handle.db, agent.id, 7);
    expect(dashboard.turns).toBe(2);
    expect(dashboard.outcomes).toHaveLength(7);
    expect(dashboard.outcomes[6]?.counts.regenerated).toBe(1);
    expect(dashboard.violatedRules.map((r) => [r.key, r.n])).toEqual([["max-refund", 1]]);
    expect(dashboard.intents.rows.map((r) => r.intent)).toContain("refund_request");
    expect(dashboard.modelCalls.reduce((sum, b) => sum + b.n, 0)).toBe(2);
  });
  it("show the same days once they are closed and read from the rollups", async () => {
    // From before the rollup job's first run, whatever ran in this file before.
    for (const table of ["dashboard_rule_counts", "dashboard_turn_counts", "dashboard_rolled_days"]) {
      await handle.db.execute(sql.raw(`delete from ${table}`));
    }
    const today = await loadAgentDashboard(handle.db, agent.id, 7);
    // Two hours into tomorrow (UTC), today is closed: counted live until the rollup job has run — a
    // page load writes nothing — then read from the rollup.
    const tomorrow = new Date();
    tomorrow.setUTCHours(26, 0, 0, 0);
    const beforeJob = await loadAgentDashboard(handle.db, agent.id, 7, tomorrow);
    expect(beforeJob.turns).toBe(2);
    expect(beforeJob.outcomes[5]).toEqual(today.outcomes[6]);
    const [written] = rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select (select count(*) from dashboard_rolled_days) + (select count(*) from dashboard_turn_counts) + (select count(*) from dashboard_rule_counts) as n`,
      ),
    );
    expect(Number(written?.n)).toBe(0);
    expect((await rollUpDashboards(handle.db, tomorrow)).days_rolled).toBeGreaterThan(0);
    const later = await loadAgentDashboard(handle.db, agent.id, 7, tomorrow);
    expect(later.turns).toBe(2);
    expect(later.outcomes[5]).toEqual(today.outcomes[6]);
    expect(later.violatedRules).toEqual(today.violatedRules);
    expect(later.modelCalls).toEqual(today.modelCalls);
    expect(await rolledDays(handle.db, agent.id, [today.outcomes[6]?.day ?? ""])).toEqual(
      new Set([today.outcomes[6]?.day]),
    );
    // Half an hour into tomorrow, today is within the grace hour: counted live, still the same.
    const withinGrace = new Date();
    withinGrace.setUTCHours(24, 30, 0, 0);
    expect((await loadAgentDashboard(handle.db, agent.id, 7, withinGrace)).outcomes[5]).toEqual(today.outcomes[6]);
  });
  it("count the same under a server DateStyle other than ISO", async () => {
    const iso = await loadAgentDashboard(handle.db, agent.id, 7);
    const tomorrow = new Date();
    tomorrow.setUTCHours(26, 0, 0, 0);
    await rollUpDashboards(handle.db, tomorrow);
    const rolledIso = await loadAgentDashboard(handle.db, agent.id, 30, tomorrow);
    // date::text would read "11/26/2026" now; the days must still match the dashboard's own keys.
    await handle.db.execute(sql`set datestyle = 'SQL, MDY'`);
    try {
      expect((await loadAgentDashboard(handle.db, agent.id, 7)).outcomes).toEqual(iso.outcomes);
      const rolled = await loadAgentDashboard(handle.db, agent.id, 30, tomorrow);
      expect(rolled.outcomes).toEqual(rolledIso.outcomes);
      expect(rolled.turns).toBe(2);
    } finally {
      await handle.db.execute(sql`set datestyle = 'ISO, MDY'`);
    }
  });
});
