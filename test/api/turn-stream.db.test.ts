import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { traceSpans, turns } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { createScriptedProvider, generated } from "@/lib/engine/testing/scripted-provider";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { hostPorts, overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { readTurnStream, type TurnStreamEvent } from "@/lib/turns/turn-stream";
import { startTestApp } from "../support/focal-test-app";
import { ORIGIN } from "../support/request-headers";
import { callRoute } from "../support/response-contract";

let handle: DatabaseHandle;
let key: string;
beforeAll(async () => {
  handle = await startTestApp();
  await importBundle(handle.db, demo, SYSTEM_ACTOR, "setup");
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
});
afterEach(() => overrideHostPorts(undefined));
afterAll(async () => {
  await handle?.close();
});

async function newSession(): Promise<string> {
  const response = await callRoute(
    createSessionRoute,
    new Request(`${ORIGIN}/api/v1/agents/refund-desk/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{}",
    }),
    { key: "refund-desk" },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

function postTurn(sessionId: string, message: string, headers: Record<string, string> = {}): Promise<Response> {
  return callRoute(
    postTurnRoute,
    new Request(`${ORIGIN}/api/v1/sessions/${sessionId}/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
      body: JSON.stringify({ message }),
    }),
    { id: sessionId },
  );
}

const SSE = { accept: "text/event-stream" };

/** The raw stream text and its events, in order. */
async function readAll(response: Response): Promise<{ raw: string; events: TurnStreamEvent[] }> {
  const [forText, forEvents] = (response.body as ReadableStream<Uint8Array>).tee();
  const events: TurnStreamEvent[] = [];
  const [raw] = await Promise.all([new Response(forText).text(), readTurnStream(forEvents, (e) => events.push(e))]);
  return { raw, events };
}

async function turnsOf(sessionId: string) {
  return handle.db.select().from(turns).where(eq(turns.sessionId, sessionId));
}

describe("POST /api/v1/sessions/{id}/turns as server-sent events", () => {
  it("sends one stage event per stage as it completes, then the stored reply exactly as the JSON form", async () => {
    const sessionId = await newSession();
    const response = await postTurn(sessionId, "I'm in France and want a refund for order 123", SSE);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events } = await readAll(response);
    const stages = events.filter((e) => e.event === "stage");
    const last = events.at(-1);
    expect(last?.event).toBe("turn");
    expect(events.filter((e) => e.event === "turn")).toHaveLength(1);
    if (last?.event !== "turn") throw new Error("no turn event");

    const [row] = await turnsOf(sessionId);
    expect(row?.id).toBe(last.data.turn_id);
    expect(last.data).toMatchObject({
      session_id: sessionId,
      response: row?.response,
      outcome: "regenerated",
      model_calls: row?.modelCalls,
    });
    expect(Object.keys(last.data).sort()).toEqual(
      ["cost_usd", "latency_ms", "model_calls", "outcome", "provenance", "response", "session_id", "turn_id"].sort(),
    );
    // The stage events are the stored spans, in order, with no attributes.
    const stored = await handle.db.select().from(traceSpans).where(eq(traceSpans.turnId, last.data.turn_id));
    expect(stages.map((s) => s.data)).toHaveLength(stored.length);
    expect(stages.map((s) => (s.event === "stage" ? s.data.name : ""))).toEqual(
      [...stored].sort((a, b) => a.position - b.position).map((s) => s.name),
    );
    for (const stage of stages) {
      expect(Object.keys(stage.data).sort()).toEqual(
        ["attempt", "decision", "duration_ms", "name", "start_offset_ms", "status"].sort(),
      );
    }
  });

  it("never sends a draft that enforcement blocked: a lane-1 failure regenerates and only the shipped reply appears", async () => {
    const blocked = "BLOCKED-DRAFT-7f3a: Good news, I have refunded the full $75.00 for order 123 to your card.";
    const provider = createScriptedProvider({ generate: [generated(blocked)] }, hostPorts().model);
    overrideHostPorts({ model: provider });
    const sessionId = await newSession();
    const { raw, events } = await readAll(
      await postTurn(sessionId, "I'm in France and want a refund for order 123", SSE),
    );
    const last = events.at(-1);
    if (last?.event !== "turn") throw new Error(`expected a turn event, got ${raw}`);
    expect(last.data.outcome).toBe("regenerated");
    expect(JSON.stringify(last.data.provenance)).toContain("max-refund");
    expect(events.some((e) => e.event === "stage" && e.data.name === "regeneration")).toBe(true);
    // Not the draft, not a piece of it: anywhere in the stream.
    expect(raw).not.toContain("BLOCKED-DRAFT-7f3a");
    expect(raw).not.toContain("refunded the full");
    expect(provider.requestsOf("generate").length).toBeGreaterThanOrEqual(2);
    const [row] = await turnsOf(sessionId);
    expect(row?.response).toBe(last.data.response);
  });

  it("replays an Idempotency-Key's stored result as the one final event, without running the turn again", async () => {
    const sessionId = await newSession();
    const headers = { ...SSE, "idempotency-key": `stream-${crypto.randomUUID()}` };
    const first = await readAll(await postTurn(sessionId, "Where is my order 123?", headers));
    const again = await postTurn(sessionId, "Where is my order 123?", headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const second = await readAll(again);
    expect(second.events).toHaveLength(1);
    expect(second.events[0]).toEqual(first.events.at(-1));
    expect(await turnsOf(sessionId)).toHaveLength(1);
    // The JSON form with the same key answers the same stored body.
    const json = await postTurn(sessionId, "Where is my order 123?", { "idempotency-key": headers["idempotency-key"] });
    expect(await json.json()).toEqual(first.events.at(-1)?.data);
  });

  it("a client that disconnects after the first event leaves the turn to complete and be stored once", async () => {
    const sessionId = await newSession();
    const response = await postTurn(sessionId, "I'm in France and want a refund for order 123", SSE);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: stage")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before the first stage");
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    const deadline = Date.now() + 20_000;
    while ((await turnsOf(sessionId)).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 300));
    const stored = await turnsOf(sessionId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.outcome).toBe("regenerated");
  });

  it("sends the JSON form's error body (and its status) as an error event", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const asJson = await postTurn(missing, "hello");
    expect(asJson.status).toBe(404);
    const jsonBody = (await asJson.json()) as { error: { code: string; message: string } };
    const { events } = await readAll(await postTurn(missing, "hello", SSE));
    expect(events).toHaveLength(1);
    const [only] = events;
    if (only?.event !== "error") throw new Error("expected an error event");
    expect(only.data.status).toBe(404);
    expect(only.data.error.code).toBe(jsonBody.error.code);
    expect(only.data.error.message).toBe(jsonBody.error.message);
  });
});
