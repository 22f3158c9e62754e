import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { POST as turnsRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { GET as turnRoute } from "@/app/api/v1/turns/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { STAGE_NAMES } from "@/lib/engine/contracts/turn-outcome";
import { createScriptedProvider, generated } from "@/lib/engine/testing/scripted-provider";
import { withStorePolicies } from "@/lib/engine/testing/store-policies";
import { hostPorts, overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import {
  CustomerSessionEvent,
  CustomerSessionResponse,
  CustomerTurnResponse,
  CustomerTurnStreamEvent,
} from "@/lib/widget/customer-response-schemas";
import { enumerateRoutes } from "../support/enumerate-endpoints";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";
import {
  createWidgetKey,
  freshWidgetAgent,
  openWidgetEvents,
  postWidgetTurn,
  startWidgetSession,
} from "../support/widget-requests";

// Every answer a publishable key can reach is customer-shaped (docs/widget.md#what-a-customer-sees):
// the reply, its outcome and "why" in plain words, never the provenance behind them. The turns here are
// the probe's: a draft promising $75 where the demo's max-refund rule allows $50, once (regenerated) and
// over the regeneration cap (handed to a person). Each answer is parsed with the customer's strict schema
// and searched for what must not reach a page.

const BLOCKED = "BLOCKED-DRAFT-7f3a: Good news, I have refunded the full $75.00 for order 123 to your card.";
const MESSAGE = "I'm in France and want a refund for order 123";
/**
 * The CEL expression, its variable and threshold, the rule's key, the blocked draft, and provenance's own
 * words. ($75.00 itself may appear: the shipped reply quotes the order the tool found.)
 */
const NEVER_SHOWN = [
  "refund_amount",
  "<= 50",
  "max-refund",
  "BLOCKED-DRAFT",
  "refunded the full",
  "provenance",
  "threshold",
  "score",
  "decision",
  "variables",
  "violations_caught",
  "fallback_reason",
  "enforcement",
];

let handle: DatabaseHandle;
let admin: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
}, 60_000);

afterEach(() => overrideHostPorts(undefined));

afterAll(async () => {
  await handle?.close();
});

function expectNothingHidden(where: string, text: string) {
  for (const word of NEVER_SHOWN) expect(text.includes(word), `${where} holds "${word}": ${text}`).toBe(false);
}

/** Parsed with the customer's strict schema: a key it does not declare fails, as the response contract does. */
function expectShape(where: string, schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
}

/** Reads the session's customer events until `until` appears in the stream's text, or holds of it (or 10 s pass). */
async function readEventsUntil(
  session: { sessionId: string; pk: string; token: string },
  until: string | ((text: string) => boolean),
) {
  const done = typeof until === "string" ? (text: string) => text.includes(until) : until;
  const controller = new AbortController();
  const opened = await openWidgetEvents(session.sessionId, {
    pk: session.pk,
    token: session.token,
    signal: controller.signal,
  });
  expect(opened.status).toBe(200);
  const reader = opened.body?.getReader();
  let text = "";
  const deadline = Date.now() + 10_000;
  while (reader && !done(text) && Date.now() < deadline) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  controller.abort();
  await reader?.cancel().catch(() => {});
  return text;
}

/** Each `event:`/`data:` block of a server-sent event stream's text. */
function sseBlocks(text: string): { event: string; data: unknown }[] {
  return text
    .split("\n\n")
    .map((block) => {
      const lines = block.split("\n");
      const event = lines
        .find((line) => line.startsWith("event:"))
        ?.slice(6)
        .trim();
      const data = lines
        .find((line) => line.startsWith("data:"))
        ?.slice(5)
        .trim();
      return event && data ? { event, data: JSON.parse(data) } : null;
    })
    .filter((block) => block !== null);
}

/** The draft promising $75 `times` times, then the offline provider's own. */
function draftsOver(times: number) {
  const drafts = Array.from({ length: times }, () => generated(BLOCKED));
  overrideHostPorts({ model: createScriptedProvider({ generate: drafts }, hostPorts().model) });
}

/** A widget session: its key and token, from the customer-shaped 201. */
async function widgetSession() {
  const agentKey = await freshWidgetAgent(handle);
  const { key } = await createWidgetKey(admin, agentKey);
  const started = await startWidgetSession(agentKey, { pk: key });
  expect(started.status).toBe(201);
  const body = await started.json();
  expectShape("POST /sessions", CustomerSessionResponse, body);
  return { pk: key, sessionId: body.session_id as string, token: body.session_token as string };
}

describe("what a publishable key can reach", () => {
  it("exactly the three widget routes, each declaring the customer's answer", async () => {
    const routes = (await enumerateRoutes()).filter((route) => route.meta?.publishable);
    expect(routes.map((route) => `${route.method} ${route.urlPath}`).sort()).toEqual([
      "GET /api/v1/sessions/[id]/events",
      "POST /api/v1/agents/[key]/sessions",
      "POST /api/v1/sessions/[id]/turns",
    ]);
    for (const route of routes) expect(route.meta?.customer, `${route.method} ${route.urlPath}`).toBeDefined();
  });
});

describe("a turn's answer to a publishable key", () => {
  it("a draft blocked past the regeneration cap: JSON, replay, stream and events hold no expression, threshold or draft", async () => {
    const session = await widgetSession();
    draftsOver(5);
    const call = { pk: session.pk, token: session.token, headers: { "idempotency-key": "probe-1" } };
    const first = await postWidgetTurn(session.sessionId, MESSAGE, call);
    expect(first.status).toBe(200);
    const turn = await first.json();
    expectShape("turn JSON", CustomerTurnResponse, turn);
    expect(turn.outcome).toBe("handoff");
    expect(turn.why.reason).toEqual(expect.any(String));
    expect(turn.why.rules.map((rule: { name: string }) => rule.name)).toContain("Refunds above $50 need a specialist");
    expectNothingHidden("turn JSON", JSON.stringify(turn));

    // The same Idempotency-Key answers the stored result: shaped again, as JSON and as a stream.
    const replay = await postWidgetTurn(session.sessionId, MESSAGE, call);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const replayed = await replay.json();
    expect(replayed).toEqual(turn);
    const replayStream = await postWidgetTurn(session.sessionId, MESSAGE, {
      ...call,
      headers: { ...call.headers, accept: "text/event-stream" },
    });
    const replayText = await replayStream.text();
    expect(sseBlocks(replayText).map((block) => block.event)).toEqual(["turn"]);
    expectNothingHidden("replayed stream", replayText);
    for (const block of sseBlocks(replayText)) expectShape("replayed stream", CustomerTurnStreamEvent, block);

    // The operator's own answer for the same turn does hold them: the search above would have found them.
    const operator = await callWithKey(
      turnRoute as RouteHandler,
      "GET",
      `/api/v1/turns/${turn.turn_id}`,
      { id: turn.turn_id },
      admin,
    );
    const operatorText = JSON.stringify(await operator.json());
    expect(operatorText).toContain("refund_amount");
    expect(operatorText).toContain("max-refund");
  });

  it("a draft blocked once and rewritten: every stage and the turn event are customer-shaped", async () => {
    const session = await widgetSession();
    draftsOver(1);
    const response = await postWidgetTurn(session.sessionId, MESSAGE, {
      pk: session.pk,
      token: session.token,
      headers: { accept: "text/event-stream" },
    });
    const text = await response.text();
    const blocks = sseBlocks(text);
    expect(blocks.some((block) => block.event === "stage")).toBe(true);
    const last = blocks.at(-1) as { event: string; data: { outcome: string } };
    expect(last.event).toBe("turn");
    expect(last.data.outcome).toBe("regenerated");
    for (const block of blocks) expectShape("turn stream", CustomerTurnStreamEvent, block);
    // A stage says only which one it was (its name feeds the progress line) and how it ended.
    const stages = blocks.filter((block) => block.event === "stage").map((block) => block.data as { name: string });
    for (const stage of stages) expect(STAGE_NAMES).toContain(stage.name);
    expectNothingHidden("turn stream", JSON.stringify(blocks.filter((block) => block.event !== "stage")));
  });

  it("the session's events (transcript, mode, handoff lines) are customer-shaped too", async () => {
    const session = await widgetSession();
    draftsOver(5);
    const turn = await (
      await postWidgetTurn(session.sessionId, MESSAGE, { pk: session.pk, token: session.token })
    ).json();
    const text = await readEventsUntil(
      session,
      (read) => read.includes(`${turn.turn_id}:agent`) && read.includes("event: mode"),
    );
    const blocks = sseBlocks(text);
    expect(blocks.map((block) => block.event)).toEqual(expect.arrayContaining(["message", "mode"]));
    for (const block of blocks) expectShape("events", CustomerSessionEvent, block);
    expectNothingHidden("events", text);
  });

  it("a reply from knowledge names its sources once, by title, in the turn and in the events; never a passage's id, text or score", async () => {
    const agentKey = `widget-kb-${Math.random().toString(36).slice(2, 8)}`;
    const bundle = withStorePolicies({ ...demo, agent: { ...demo.agent, key: agentKey, name: agentKey } });
    await importBundle(handle.db, bundle, SYSTEM_ACTOR, "setup");
    const { key } = await createWidgetKey(admin, agentKey);
    const started = await (await startWidgetSession(agentKey, { pk: key })).json();
    const session = { pk: key, sessionId: started.session_id as string, token: started.session_token as string };
    const turn = await (
      await postWidgetTurn(session.sessionId, "How long does standard shipping take?", {
        pk: session.pk,
        token: session.token,
      })
    ).json();
    expectShape("turn JSON", CustomerTurnResponse, turn);
    expect(turn.response).toContain("3 to 5 business days");
    expect(turn.why.sources).toEqual([{ title: "Store policies" }]);
    const turnText = JSON.stringify(turn);
    for (const hidden of ["passage_id", "source_id", "store-policies", "score", "answerability", "Monday to Friday"]) {
      expect(turnText.includes(hidden), `turn JSON holds "${hidden}"`).toBe(false);
    }

    // The same reply replayed by the session's events (a reload, another tab) carries them too.
    const text = await readEventsUntil(session, `${turn.turn_id}:agent`);
    const reply = sseBlocks(text).find(
      (block) => block.event === "message" && (block.data as { id: string }).id === `${turn.turn_id}:agent`,
    );
    expect(reply).toBeDefined();
    expectShape("events", CustomerSessionEvent, reply);
    expect((reply?.data as { why?: { sources: unknown } } | undefined)?.why?.sources).toEqual([
      { title: "Store policies" },
    ]);
  });

  it("a console reader asking ?view=customer gets the customer's shape of a turn", async () => {
    const agentKey = await freshWidgetAgent(handle);
    const { key } = await createWidgetKey(admin, agentKey);
    const started = await (await startWidgetSession(agentKey, { pk: key })).json();
    draftsOver(1);
    const response = await callWithKey(
      turnsRoute as RouteHandler,
      "POST",
      `/api/v1/sessions/${started.session_id}/turns?view=customer`,
      { id: started.session_id },
      admin,
      { message: MESSAGE },
    );
    const body = await response.json();
    expectShape("?view=customer", CustomerTurnResponse, body);
    expectNothingHidden("?view=customer", JSON.stringify(body));
  });
});
