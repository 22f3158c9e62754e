import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as usageRoute } from "@/app/api/v1/agents/[key]/usage/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { getAgentByKey } from "@/db/queries/agents";
import { sessionReviews, turns } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import type { UsageBody } from "@/lib/usage/usage-schemas";
import { fileTestApp } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

// GET /api/v1/agents/{key}/usage (docs/pipeline.md#reading-cost) over three conversations of two turns
// each, moved to known days, environments and costs: A on 1 November in draft at $0.01 a turn,
// reviewed and resolved; B on 2 November in production at $0.02, reviewed and not resolved; C on
// 2 November in draft, one turn unpriced and one at $0.005, not reviewed.

const AGENT = "usage-desk";
const handle = fileTestApp();
let key: string;

async function conversation(): Promise<string> {
  const created = await callWithKey(
    createSessionRoute,
    "POST",
    `/api/v1/agents/${AGENT}/sessions`,
    { key: AGENT },
    key,
    {},
  );
  const { session_id: id } = (await created.json()) as { session_id: string };
  for (const message of ["How much does the blue kettle cost?", "And the red one?"]) {
    const turn = await callWithKey(postTurnRoute, "POST", `/api/v1/sessions/${id}/turns`, { id }, key, { message });
    expect(turn.status).toBe(200);
  }
  return id;
}

async function place(sessionId: string, day: string, environment: string, costs: (number | null)[]) {
  const rows = await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId)).orderBy(turns.turnIndex);
  for (const [i, row] of rows.entries()) {
    await handle.db
      .update(turns)
      .set({ createdAt: new Date(`${day}T1${i}:00:00Z`), environment, costUsd: costs[i] })
      .where(eq(turns.id, row.id));
  }
}

const usage = async (query: string) =>
  callWithKey(usageRoute, "GET", `/api/v1/agents/${AGENT}/usage?${query}`, { key: AGENT }, key);
const WINDOW = "from=2026-11-01T00:00:00Z&to=2026-11-03T00:00:00Z";

beforeAll(async () => {
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key: AGENT } }, SYSTEM_ACTOR, "setup");
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write", "traces:read"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
  const agent = await getAgentByKey(handle.db, AGENT);
  if (!agent) throw new Error("agent missing");
  const [a, b, c] = [await conversation(), await conversation(), await conversation()];
  await place(a, "2026-11-01", "draft", [0.01, 0.01]);
  await place(b, "2026-11-02", "production", [0.02, 0.02]);
  await place(c, "2026-11-02", "draft", [null, 0.005]);
  const review = { agentId: agent.id, reason: "added" as const, state: "reviewed" as const };
  await handle.db.insert(sessionReviews).values([
    { ...review, sessionId: a, resolved: true },
    { ...review, sessionId: b, resolved: false },
  ]);
  expect(
    await handle.db
      .select()
      .from(turns)
      .where(inArray(turns.sessionId, [a, b, c])),
  ).toHaveLength(6);
});

describe("GET /api/v1/agents/{key}/usage", () => {
  it("sums each UTC day and the whole window, with cost per conversation and per resolved conversation", async () => {
    const response = await usage(`${WINDOW}&group=day`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as UsageBody;
    expect(body.rows.map((r) => [r.key, r.turns, r.conversations, r.unpriced_turns])).toEqual([
      ["2026-11-01", 2, 1, 0],
      ["2026-11-02", 4, 2, 1],
    ]);
    const [first, second] = body.rows;
    expect(first?.cost_usd).toBeCloseTo(0.02, 9);
    expect(first?.cost_per_resolved_conversation_usd).toBeCloseTo(0.02, 9);
    expect(second?.cost_usd).toBeCloseTo(0.045, 9);
    expect(second?.cost_per_conversation_usd).toBeCloseTo(0.0225, 9);
    // B was reviewed and not resolved: no resolved conversation to divide by that day.
    expect(second).toMatchObject({ reviewed_conversations: 1, resolved_conversations: 0 });
    expect(second?.cost_per_resolved_conversation_usd).toBeNull();
    expect(body.total).toMatchObject({
      turns: 6,
      conversations: 3,
      reviewed_conversations: 2,
      resolved_conversations: 1,
    });
    expect(body.total.cost_usd).toBeCloseTo(0.065, 9);
    // A and B were reviewed ($0.02 + $0.04), one of them resolved.
    expect(body.total.cost_per_resolved_conversation_usd).toBeCloseTo(0.06, 9);
    expect(body.total.tokens_in).toBeGreaterThan(0);
  });

  it("groups by environment and by config version", async () => {
    const byEnvironment = (await (await usage(`${WINDOW}&group=environment`)).json()) as UsageBody;
    expect(byEnvironment.rows.map((r) => [r.key, r.turns, r.conversations])).toEqual([
      ["draft", 4, 2],
      ["production", 2, 1],
    ]);
    const byVersion = (await (await usage(`${WINDOW}&group=version`)).json()) as UsageBody;
    expect(byVersion.rows).toHaveLength(1);
    expect(byVersion.rows[0]).toMatchObject({ turns: 6, conversations: 3 });
  });

  it("refuses an unknown group, a time that is not ISO 8601 and an empty or over-long window, with the field", async () => {
    for (const [query, path] of [
      [`${WINDOW}&group=week`, "group"],
      ["from=yesterday", "from"],
      ["from=2026-11-03T00:00:00Z&to=2026-11-01T00:00:00Z", "from"],
      ["from=2024-01-01T00:00:00Z&to=2026-11-01T00:00:00Z", "from"],
      ["since=2026-11-01T00:00:00Z", "(root)"],
    ] as const) {
      const response = await usage(query);
      expect(response.status, query).toBe(422);
      const body = (await response.json()) as { error: { details?: { path: string }[] }; errors?: { path: string }[] };
      expect(JSON.stringify(body), query).toContain(`"path":"${path}"`);
    }
  });
});
