import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as getSessionRoute } from "@/app/api/v1/sessions/[id]/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { GET as getTurnRoute } from "@/app/api/v1/turns/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { idempotencyRecords, turns } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { requestHash } from "@/lib/server/idempotency";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { completion, type FakeChatServer, providerFor, startFakeChatServer } from "@/test/support/fake-chat-server";
import { startTestApp, tableCounts } from "../support/focal-test-app";
import { ORIGIN } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";

let handle: DatabaseHandle;
let key: string;
let fake: FakeChatServer;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write", "traces:read"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
  fake = await startFakeChatServer();
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await fake?.close();
  await handle?.close();
});

const call = (
  handler: RouteHandler,
  path: string,
  params: Record<string, string>,
  init: RequestInit & { headers?: Record<string, string> } = {},
) =>
  callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...init.headers },
    }),
    params,
  );

async function newSession(body: Record<string, unknown> = {}) {
  const response = await call(
    createSessionRoute,
    "/api/v1/agents/refund-desk/sessions",
    { key: "refund-desk" },
    { method: "POST", body: JSON.stringify(body) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}
const postTurn = (sessionId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(
    postTurnRoute,
    `/api/v1/sessions/${sessionId}/turns`,
    { id: sessionId },
    { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers },
  );

/** The host's model: the OpenAI provider against the local fake server, no retries, this timeout. */
function useFakeOpenAI(timeoutMs: number) {
  overrideHostPorts({
    model: providerFor(fake, timeoutMs),
  });
}

describe("turns API", () => {
  it("creates a session, plays the France / $75 example and reads it back", async () => {
    const sessionId = await newSession({ customer_id: "cust-42" });
    const response = await postTurn(sessionId, { message: "I'm in France and want a refund for order 123" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      session_id: sessionId,
      outcome: "regenerated",
      model_calls: expect.any(Number),
      cost_usd: 0,
      latency_ms: expect.any(Number),
    });
    expect(Object.keys(body).sort()).toEqual([
      "cost_usd",
      "latency_ms",
      "model_calls",
      "outcome",
      "provenance",
      "response",
      "session_id",
      "turn_id",
    ]);
    expect(body.provenance.enforcement.violations_caught.map((v: { rule_key: string }) => v.rule_key)).toContain(
      "max-refund",
    );

    const turn = await (await call(getTurnRoute, `/api/v1/turns/${body.turn_id}`, { id: body.turn_id })).json();
    expect(turn.spans.map((s: { name: string }) => s.name)).toContain("regeneration");
    expect(turn.loops).toHaveLength(2);
    const session = await (await call(getSessionRoute, `/api/v1/sessions/${sessionId}`, { id: sessionId })).json();
    expect(session.session).toMatchObject({
      customer_id: "cust-42",
      turn_count: 1,
      active_scenario: { name: "Refund" },
    });
    expect(session.turns).toHaveLength(1);
  });

  it("replays the stored result for the same Idempotency-Key and body, refuses another body, and 409s while in flight", async () => {
    const sessionId = await newSession();
    const first = await postTurn(
      sessionId,
      { message: "How much does the blue kettle cost?" },
      { "idempotency-key": "k-1" },
    );
    const again = await postTurn(
      sessionId,
      { message: "How much does the blue kettle cost?" },
      { "idempotency-key": "k-1" },
    );
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId))).toHaveLength(1);

    const other = await postTurn(sessionId, { message: "something else" }, { "idempotency-key": "k-1" });
    expect(other.status).toBe(422);

    // A request with this key is still running (inserted as the route would, same body hash).
    const [row] = await handle.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, "k-1"));
    await handle.db.insert(idempotencyRecords).values({
      scope: row?.scope ?? "",
      key: "busy-2",
      requestHash: requestHash({ session: sessionId, message: "hi" }),
      status: "in_flight",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const busy = await postTurn(sessionId, { message: "hi" }, { "idempotency-key": "busy-2" });
    expect(busy.status).toBe(409);
  });

  it("answers bad input with a precise 4xx and writes nothing", async () => {
    const sessionId = await newSession();
    const before = await tableCounts(handle);
    const malformed = await postTurn(sessionId, '{"message": ');
    expect(malformed.status).toBe(400);
    const oversize = await postTurn(sessionId, { message: "x".repeat(4001) });
    expect(oversize.status).toBe(422);
    expect((await oversize.json()).errors).toEqual([
      { path: "message", message: "A message is at most 4000 characters." },
    ]);
    const extra = await postTurn(sessionId, { message: "hi", admin: true });
    expect(extra.status).toBe(422);
    const unknown = await postTurn("00000000-0000-4000-8000-000000000000", { message: "hi" });
    expect(unknown.status).toBe(404);
    const badId = await postTurn("not-a-uuid", { message: "hi" });
    expect(badId.status).toBe(404);
    const wrongAgent = await call(
      createSessionRoute,
      "/api/v1/agents/nope/sessions",
      { key: "nope" },
      { method: "POST", body: "{}" },
    );
    expect(wrongAgent.status).toBe(404);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a 429 from a real OpenAI-compatible server degrades to rate_limited and the turn is stored", async () => {
    useFakeOpenAI(2000);
    fake.enqueue({
      kind: "json",
      status: 429,
      body: { error: { message: "slow down" } },
      headers: { "retry-after": "0" },
    });
    const sessionId = await newSession();
    const response = await postTurn(sessionId, { message: "I want my money back" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      outcome: "fallback",
      provenance: { fallback_reason: "rate_limited", provider: "openai" },
    });
    expect(await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId))).toHaveLength(1);
  });

  it("a hung model call times out and degrades to timeout", async () => {
    useFakeOpenAI(200);
    fake.enqueue({ kind: "hang" });
    const sessionId = await newSession();
    const body = await (await postTurn(sessionId, { message: "I want my money back" })).json();
    expect(body).toMatchObject({ outcome: "fallback", provenance: { fallback_reason: "timeout" } });
  });

  it("an OpenAI-compatible server that answers drives the whole turn", async () => {
    useFakeOpenAI(2000);
    fake.enqueue(
      {
        kind: "json",
        body: completion(
          JSON.stringify({
            detected_intent: "pricing_question",
            intent_confidence: 0.9,
            entities: {},
            is_ambiguous: false,
            ambiguity_reason: null,
          }),
        ),
      },
      { kind: "json", body: completion("The blue kettle costs $39.") },
    );
    const sessionId = await newSession();
    // A place the extractors do not know: the local sensor leaves the country to the model sensor.
    const body = await (
      await postTurn(sessionId, { message: "How much is the blue kettle shipped to Absurdistan?" })
    ).json();
    expect(body).toMatchObject({ outcome: "answered", response: "The blue kettle costs $39.", model_calls: 2 });
  });

  it("a clear turn the local sensor decides makes one call, to generate", async () => {
    useFakeOpenAI(2000);
    fake.enqueue({ kind: "json", body: completion("The blue kettle costs $39.") });
    const sessionId = await newSession();
    const body = await (await postTurn(sessionId, { message: "How much does the blue kettle cost?" })).json();
    expect(body).toMatchObject({ outcome: "answered", response: "The blue kettle costs $39.", model_calls: 1 });
  });
});
