import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { PUT as putSettingsRoute } from "@/app/api/v1/agents/[key]/settings/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { GET as getTurnRoute } from "@/app/api/v1/turns/[id]/route";
import { agents, turns } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { completion, type FakeChatServer, providerFor, startFakeChatServer } from "@/test/support/fake-chat-server";
import { fileTestApp } from "../support/focal-test-app";
import { callWithKey } from "../support/route-call";

// A turn's cost (docs/pipeline.md#what-a-turn-costs): an OpenAI-compatible stand-in reports 1,000
// prompt tokens (400 of them cached) and 200 completion tokens per call as "fake-model-2025"; the
// agent prices "fake-model" at $2 in, $1 cached, $8 out per million, so each call costs
// (600 × 2 + 400 × 1 + 200 × 8) / 1e6 = $0.0032. The turn's answer, its stored row and its trace say
// the same; an agent without that price stores null, and the offline provider costs 0.

const PRICED = "priced-desk";
const UNPRICED = "unpriced-desk";
const PER_CALL = 0.0032;
const handle = fileTestApp();
let fake: FakeChatServer;
let key: string;

beforeAll(async () => {
  const pricing = {
    models: { "fake-model": { input_per_million: 2, output_per_million: 8, cached_input_per_million: 1 } },
  };
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key: PRICED, settings: { ...demo.agent.settings, pricing } } },
    SYSTEM_ACTOR,
    "setup",
  );
  await importBundle(handle.db, { ...demo, agent: { ...demo.agent, key: UNPRICED } }, SYSTEM_ACTOR, "setup");
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(
        tx,
        { name: "client", scopes: ["turns:write", "traces:read", "config:write"] },
        SYSTEM_ACTOR,
        "setup",
      ),
    )
  ).key;
  fake = await startFakeChatServer({
    respond: () => ({
      kind: "json",
      body: completion("The blue kettle costs $39.", {
        usage: { prompt_tokens: 1000, completion_tokens: 200, prompt_tokens_details: { cached_tokens: 400 } },
      }),
    }),
  });
});
afterEach(() => overrideHostPorts(undefined));
afterAll(() => fake?.close());

async function turnOf(agentKey: string) {
  const session = await callWithKey(
    createSessionRoute,
    "POST",
    `/api/v1/agents/${agentKey}/sessions`,
    { key: agentKey },
    key,
    {},
  );
  const { session_id: sessionId } = (await session.json()) as { session_id: string };
  const calls = fake.requests.length;
  const turn = await callWithKey(postTurnRoute, "POST", `/api/v1/sessions/${sessionId}/turns`, { id: sessionId }, key, {
    message: "How much does the blue kettle cost?",
  });
  expect(turn.status).toBe(200);
  const body = (await turn.json()) as { turn_id: string; cost_usd: number | null; model_calls: number };
  return { body, calls: fake.requests.length - calls };
}

describe("a turn's cost", () => {
  it("is the priced tokens of every model call, in the answer, the stored turn and its trace", async () => {
    overrideHostPorts({ model: providerFor(fake) });
    const { body, calls } = await turnOf(PRICED);
    expect(calls).toBeGreaterThan(0);
    expect(body.model_calls).toBe(calls);
    expect(body.cost_usd).toBeCloseTo(calls * PER_CALL, 9);
    const [row] = await handle.db.select().from(turns).where(eq(turns.id, body.turn_id));
    expect(row?.costUsd).toBe(body.cost_usd);
    expect(row?.tokensIn).toBe(calls * 1000);
    const trace = await callWithKey(getTurnRoute, "GET", `/api/v1/turns/${body.turn_id}`, { id: body.turn_id }, key);
    expect(await trace.json()).toMatchObject({
      cost_usd: body.cost_usd,
      tokens_in: calls * 1000,
      tokens_out: calls * 200,
    });
  });

  it("is unknown (null) when the model has no price, never a guess, and 0 on the offline provider", async () => {
    overrideHostPorts({ model: providerFor(fake) });
    expect((await turnOf(UNPRICED)).body.cost_usd).toBeNull();
    overrideHostPorts(undefined);
    const offline = await turnOf(UNPRICED);
    expect(offline.calls).toBe(0);
    expect(offline.body.cost_usd).toBe(0);
  });

  it("refuses a negative or non-numeric price with the field, and changes nothing", async () => {
    const [before] = await handle.db.select().from(agents).where(eq(agents.key, PRICED));
    for (const price of [
      { input_per_million: -1, output_per_million: 2 },
      { input_per_million: "0.5", output_per_million: 2 },
    ]) {
      const put = await callWithKey(
        putSettingsRoute,
        "PUT",
        `/api/v1/agents/${PRICED}/settings`,
        { key: PRICED },
        key,
        {
          pricing: { models: { "local-llama": price } },
        },
      );
      expect(put.status).toBe(422);
      const body = (await put.json()) as { error: { code: string; fields?: Record<string, unknown> } };
      expect(JSON.stringify(body)).toContain("pricing.models.local-llama.input_per_million");
    }
    const [after] = await handle.db.select().from(agents).where(eq(agents.key, PRICED));
    expect(after?.configVersion).toBe(before?.configVersion);
  });
});
