import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as getBudgetRoute, PUT as putBudgetRoute } from "@/app/api/v1/agents/[key]/budget/route";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { getAgentByKey } from "@/db/queries/agents";
import { agentBudgets, handoffs, ledgerEvents, sessions, webhookDeliveries, webhooks } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { OFFLINE_PROVIDER_NAME } from "@/lib/providers/offline/provider";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { completion, type FakeChatServer, providerFor, startFakeChatServer } from "@/test/support/fake-chat-server";
import { fileTestApp } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

// An agent's budget (docs/budgets.md) against a model that bills: an OpenAI-compatible stand-in reports
// 1,000 prompt and 200 completion tokens per call, priced at $2 and $8 per million, so each call costs
// $0.0036. The warning webhook fires once at 80% of the day's budget, the reached one once at 100%, and
// from the next turn the action applies: offline turns call no model, handoff turns go to a person.

const PER_CALL = (1000 * 2 + 200 * 8) / 1_000_000;
const handle = fileTestApp();
let fake: FakeChatServer;
let key: string;
let viewerKey: string;

async function importPricedDesk(agentKey: string) {
  const pricing = { models: { "fake-model": { input_per_million: 2, output_per_million: 8 } } };
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key: agentKey, settings: { ...demo.agent.settings, pricing } } },
    SYSTEM_ACTOR,
    "setup",
  );
  const agent = await getAgentByKey(handle.db, agentKey);
  if (!agent) throw new Error("agent missing");
  // A receiver for the budget events: the deliveries are what is asserted, not the HTTP calls.
  await handle.db.insert(webhooks).values({
    agentId: agent.id,
    url: "https://hooks.example.com/focal",
    secret: "whsec_test",
    events: ["budget.warning", "budget.reached"],
    createdBy: "setup",
  });
  return agent;
}

beforeAll(async () => {
  const created = await handle.db.transaction(async (tx) => ({
    admin: await createApiKey(tx, { name: "admin", scopes: ["admin"] }, SYSTEM_ACTOR, "setup"),
    viewer: await createApiKey(tx, { name: "viewer", scopes: ["traces:read", "turns:write"] }, SYSTEM_ACTOR, "setup"),
  }));
  key = created.admin.key;
  viewerKey = created.viewer.key;
  fake = await startFakeChatServer({
    respond: () => ({
      kind: "json",
      body: completion("The blue kettle costs $39.", { usage: { prompt_tokens: 1000, completion_tokens: 200 } }),
    }),
  });
});
afterEach(() => overrideHostPorts(undefined));
afterAll(() => fake?.close());

function putBudget(agentKey: string, body: unknown, apiKey = key) {
  return callWithKey(putBudgetRoute, "PUT", `/api/v1/agents/${agentKey}/budget`, { key: agentKey }, apiKey, body);
}

async function newSession(agentKey: string): Promise<string> {
  const created = await callWithKey(
    createSessionRoute,
    "POST",
    `/api/v1/agents/${agentKey}/sessions`,
    { key: agentKey },
    key,
    {},
  );
  return ((await created.json()) as { session_id: string }).session_id;
}

type TurnBody = {
  outcome: string;
  cost_usd: number | null;
  model_calls: number;
  provenance: { provider: string; budget?: { period: string; action: string; budget_usd: number } };
};

// Different questions: the same one three times in a row is a loop the engine answers without a model.
const QUESTIONS = [
  "How much does the blue kettle cost?",
  "Do you sell toasters as well?",
  "What colours does the kettle come in?",
  "Is there a warranty on kettles?",
  "Can I pick it up in a store?",
];

async function turn(sessionId: string): Promise<TurnBody & { calls: number }> {
  const before = fake.requests.length;
  const asked = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
  const message = QUESTIONS[(asked[0]?.turnCount ?? 0) % QUESTIONS.length];
  const answer = await callWithKey(
    postTurnRoute,
    "POST",
    `/api/v1/sessions/${sessionId}/turns`,
    { id: sessionId },
    key,
    {
      message,
    },
  );
  expect(answer.status).toBe(200);
  return { ...((await answer.json()) as TurnBody), calls: fake.requests.length - before };
}

async function deliveries(agentId: string, type: string) {
  return handle.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.agentId, agentId), eq(webhookDeliveries.eventType, type)));
}

async function ledgerOf(agentId: string, type: "BUDGET_CHANGED" | "BUDGET_WARNING" | "BUDGET_REACHED") {
  return handle.db
    .select()
    .from(ledgerEvents)
    .where(and(eq(ledgerEvents.agentId, agentId), eq(ledgerEvents.type, type)));
}

describe("an agent's budget", () => {
  it("warns once at 80%, announces 100% once, then runs turns offline with no model call", async () => {
    const agent = await importPricedDesk("budget-offline");
    overrideHostPorts({ model: providerFor(fake) });
    const sessionId = await newSession("budget-offline");
    const first = await turn(sessionId);
    expect(first.calls).toBeGreaterThan(0);
    const perTurn = first.cost_usd ?? 0;
    expect(perTurn).toBeCloseTo(first.calls * PER_CALL, 9);
    // A day's budget of 2.2 turns: the second turn passes its 80% (1.76 turns), the third its 100%.
    const daily = Math.round(perTurn * 2.2 * 1_000_000) / 1_000_000;
    const put = await putBudget("budget-offline", { daily_usd: daily, monthly_usd: null, action: "offline" });
    expect(put.status).toBe(200);
    expect((await deliveries(agent.id, "budget.warning")).length).toBe(0);

    await turn(sessionId);
    expect((await deliveries(agent.id, "budget.warning")).length).toBe(1);
    expect((await deliveries(agent.id, "budget.reached")).length).toBe(0);
    const third = await turn(sessionId);
    expect(third.calls).toBeGreaterThan(0);
    expect(third.provenance.budget).toBeUndefined();
    expect((await deliveries(agent.id, "budget.reached")).length).toBe(1);

    // From the next turn the action applies: the deterministic path, no model call, nothing billed.
    const fourth = await turn(sessionId);
    expect(fourth.calls).toBe(0);
    expect(fourth.provenance.provider).toBe(OFFLINE_PROVIDER_NAME);
    expect(fourth.cost_usd).toBe(0);
    expect(fourth.provenance.budget).toMatchObject({ period: "day", action: "offline", budget_usd: daily });
    await turn(sessionId);
    // Once per period: the later turns announce nothing again.
    expect((await deliveries(agent.id, "budget.warning")).length).toBe(1);
    expect((await deliveries(agent.id, "budget.reached")).length).toBe(1);
    expect(await ledgerOf(agent.id, "BUDGET_WARNING")).toHaveLength(1);
    expect(await ledgerOf(agent.id, "BUDGET_REACHED")).toHaveLength(1);
    const [delivery] = await deliveries(agent.id, "budget.reached");
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({
      type: "budget.reached",
      data: { period: "day", budget_usd: daily, action: "offline" },
    });

    const read = await callWithKey(
      getBudgetRoute,
      "GET",
      "/api/v1/agents/budget-offline/budget",
      { key: "budget-offline" },
      viewerKey,
    );
    const body = (await read.json()) as {
      spend: { period: string; spent_usd: number; share: number; reached_at: string | null }[];
    };
    expect(body.spend[0]).toMatchObject({ period: "day" });
    expect(body.spend[0]?.spent_usd).toBeCloseTo(perTurn * 3, 6);
    expect(body.spend[0]?.reached_at).not.toBeNull();
    expect(body.spend[1]).toMatchObject({ period: "month", share: null });
  });

  it("accepts a budget below what was already spent, announces it at once, and hands the next turn to a person", async () => {
    const agent = await importPricedDesk("budget-handoff");
    overrideHostPorts({ model: providerFor(fake) });
    const sessionId = await newSession("budget-handoff");
    await turn(sessionId);
    const put = await putBudget("budget-handoff", { daily_usd: null, monthly_usd: 0.001, action: "handoff" });
    expect(put.status).toBe(200);
    expect(await ledgerOf(agent.id, "BUDGET_CHANGED")).toHaveLength(1);
    expect((await deliveries(agent.id, "budget.reached")).length).toBe(1);

    const next = await turn(sessionId);
    expect(next.calls).toBe(0);
    expect(next.outcome).toBe("handoff");
    expect(next.provenance.budget).toMatchObject({ period: "month", action: "handoff" });
    const [session] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session?.mode).toBe("waiting");
    const [opened] = await handle.db.select().from(handoffs).where(eq(handoffs.sessionId, sessionId));
    expect(opened?.reason).toBe("budget");
  });

  it("keeps notify turns on the model and tells the operators", async () => {
    const agent = await importPricedDesk("budget-notify");
    overrideHostPorts({ model: providerFor(fake) });
    expect((await putBudget("budget-notify", { daily_usd: 0, monthly_usd: null, action: "notify" })).status).toBe(200);
    expect((await deliveries(agent.id, "budget.reached")).length).toBe(1);
    const sessionId = await newSession("budget-notify");
    const answer = await turn(sessionId);
    expect(answer.calls).toBeGreaterThan(0);
    expect(answer.provenance.budget).toMatchObject({ action: "notify", budget_usd: 0 });
  });

  it("refuses a bad budget with the field and reason, a viewer's change, and writes nothing", async () => {
    const agent = await importPricedDesk("budget-refusals");
    for (const body of [
      { daily_usd: -1, monthly_usd: null, action: "notify" },
      { daily_usd: "5", monthly_usd: null, action: "notify" },
      { daily_usd: 5, monthly_usd: null, action: "pause" },
      { daily_usd: 5, monthly_usd: null, action: "notify", weekly_usd: 1 },
      { daily_usd: 5, action: "notify" },
    ]) {
      const put = await putBudget("budget-refusals", body);
      expect(put.status, JSON.stringify(body)).toBe(422);
      const text = await put.text();
      expect(text).toMatch(/daily_usd|monthly_usd|action|weekly_usd/);
    }
    expect(
      (await putBudget("budget-refusals", { daily_usd: 5, monthly_usd: null, action: "notify" }, viewerKey)).status,
    ).toBe(403);
    expect(await handle.db.select().from(agentBudgets).where(eq(agentBudgets.agentId, agent.id))).toHaveLength(0);
    expect(await ledgerOf(agent.id, "BUDGET_CHANGED")).toHaveLength(0);
  });
});
