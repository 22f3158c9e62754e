import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import type { DatabaseHandle } from "@/db/client";
import { ledgerEvents, sessions, traceSpans } from "@/db/schema";
import { readGoalState } from "@/lib/engine/stages/reformulation";
import { createOpenAIProvider } from "@/lib/providers/openai/provider";
import { overrideHostPorts } from "@/lib/server/engine-ports/host-ports";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { createSession } from "@/lib/turns/server/create-session";
import { agentRow } from "@/test/support/config-save-checks";
import {
  completion,
  type FakeBehaviour,
  type FakeChatServer,
  startFakeChatServer,
} from "@/test/support/fake-chat-server";
import { startTestApp } from "@/test/support/focal-test-app";
import { importModelSensedDemo } from "@/test/support/goal-api-helpers";
import { ORIGIN } from "@/test/support/request-headers";

// Goal reformulation with a real model provider: the OpenAI provider (the `openai` SDK against a loopback
// OpenAI-compatible server) proposes a candidate in the sensor's structured output; the turn validates
// it in the reformulation span, ledgers it in the turn's transaction, and the next turn uses it.

const ORIGINAL = "What happened in crypto markets today?";
const NARROWED = "What happened in top 5 digital asset markets in the past 24 hours?";
const EVIDENCE = "Market availability data shows only top 5 have reliable feeds";

type Proposal = Record<string, unknown> | null;
let proposal: Proposal = null;

/** Answers each call by its structured-output name: sensor, generation (a reply declaring nothing), judge, extractor. */
function respond(body: Record<string, unknown>): FakeBehaviour {
  const format = body.response_format as
    | { json_schema: { name: string; schema: { properties: Record<string, unknown> } } }
    | undefined;
  const answer = (value: unknown): FakeBehaviour => ({ kind: "json", body: completion(JSON.stringify(value)) });
  if (!format) return { kind: "json", status: 500, body: { error: { message: "fake server: no format" } } };
  const { name, schema } = format.json_schema;
  if (name === "sensor_context") {
    const offered = "goal_reformulation" in schema.properties;
    return answer({
      detected_intent: null,
      intent_confidence: 0,
      entities: { country: null, order_id: null, tier: null },
      is_ambiguous: false,
      ambiguity_reason: null,
      ...(offered ? { goal_reformulation: proposal } : {}),
    });
  }
  if (name === "reply_with_claims") return answer({ reply: "Here is what I found.", claims: {} });
  if (name === "judge_verdict") return answer({ passed: true, score: 1, reason: "fine", bias_tags: [] });
  if (name === "extracted_variables")
    return answer(Object.fromEntries(Object.keys(schema.properties).map((k) => [k, null])));
  return { kind: "json", status: 500, body: { error: { message: `fake server: no answer for ${name}` } } };
}

let handle: DatabaseHandle;
let server: FakeChatServer;
let key: string;
beforeAll(async () => {
  handle = await startTestApp();
  server = await startFakeChatServer({ respond });
  key = await importModelSensedDemo(handle);
  overrideHostPorts({
    model: createOpenAIProvider({
      apiKey: "test-key",
      baseURL: server.baseURL,
      models: { sense: "sense-model", generate: "gen-model", judge: "judge-model", extract: "extract-model" },
      timeoutMs: 5000,
      maxRetries: 0,
    }),
  });
});
beforeEach(() => {
  server.requests.length = 0;
  proposal = null;
});
afterAll(async () => {
  overrideHostPorts(undefined);
  await server?.close();
  await handle?.close();
});

const post = async (sessionId: string, message: string) => {
  const response = await postTurnRoute(
    new Request(`${ORIGIN}/api/v1/sessions/${sessionId}/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ message }),
    }),
    { params: Promise.resolve({ id: sessionId }) },
  );
  expect(response.status).toBe(200);
  return response.json();
};

/** A session whose first turn set the original goal, with the evidence in a session variable. */
async function sessionWithOriginal(): Promise<string> {
  const agent = await agentRow(handle);
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  await post(session.id, ORIGINAL);
  await handle.db
    .update(sessions)
    .set({ variables: { market_note: EVIDENCE } })
    .where(eq(sessions.id, session.id));
  server.requests.length = 0;
  return session.id;
}

async function reformulationSpan(turnId: string) {
  const [span] = await handle.db
    .select()
    .from(traceSpans)
    .where(and(eq(traceSpans.turnId, turnId), eq(traceSpans.name, "reformulation")));
  return span;
}

const goalEvents = () =>
  handle.db
    .select()
    .from(ledgerEvents)
    .orderBy(asc(ledgerEvents.seq))
    .then((rows) => rows.filter((e) => e.type.startsWith("GOAL_")));

describe("goal reformulation proposed by the OpenAI provider", () => {
  it("is validated in the reformulation span, ledgered, and active from the next turn", async () => {
    const sessionId = await sessionWithOriginal();
    proposal = {
      type: "scope_narrowing",
      reformulated: NARROWED,
      confidence: 0.93,
      evidence_ids: ["var:market_note"],
      token_pairs: [{ original_token: "crypto", candidate_token: "digital asset" }],
    };
    const body = await post(sessionId, "only the big ones please");

    // The sensor request offered the goal and the evidence id the answer cites.
    const sense = server.requests.find(
      (r) => (r.body.response_format as { json_schema: { name: string } })?.json_schema.name === "sensor_context",
    );
    const system = ((sense?.body.messages ?? []) as { content: string }[])[0]?.content ?? "";
    expect(system).toContain(`"original_goal":${JSON.stringify(ORIGINAL)}`);
    expect(system).toContain('"id":"var:market_note"');

    const span = await reformulationSpan(body.turn_id);
    expect(span?.decision).toBe("accepted (scope_narrowing)");
    expect(span?.attributes).toMatchObject({ accepted: true, code: null, intent_preservation: 1 });
    expect(span?.attributes.mapping).toContainEqual({
      original_token: "crypto",
      candidate_token: "digital asset",
      via: "model",
    });

    const [event] = (await goalEvents()).filter((e) => (e.payload as { session_id?: string }).session_id === sessionId);
    expect(event).toMatchObject({ type: "GOAL_REFORMULATION" });
    expect(event?.payload).toMatchObject({
      source: "model",
      evidence_ids: ["var:market_note"],
      intent_preservation: 1,
    });

    const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(readGoalState(row?.goal).active_reformulation).toMatchObject({ text: NARROWED, ledger_event_id: event?.id });

    proposal = null;
    const next = await post(sessionId, "go on");
    expect(next.provenance.goal).toEqual({
      original: ORIGINAL,
      active_reformulation: NARROWED,
      evidence_ids: ["var:market_note"],
    });
    expect((await verifyLedgerChain(handle.db)).is_intact).toBe(true);
  });

  it("an id the turn does not hold is dropped; with no evidence left the candidate is rejected (DTL-STRAT-009) and ledgered", async () => {
    const sessionId = await sessionWithOriginal();
    proposal = {
      type: "scope_narrowing",
      reformulated: "What happened in top 5 crypto markets today?",
      confidence: 0.95,
      evidence_ids: ["var:invented"],
      token_pairs: [],
    };
    const body = await post(sessionId, "only the big ones please");
    const span = await reformulationSpan(body.turn_id);
    expect(span?.decision).toMatch(/^rejected DTL-STRAT-009/);
    expect(span?.attributes).toMatchObject({ dropped_evidence_ids: ["var:invented"] });
    const events = (await goalEvents()).filter((e) => (e.payload as { session_id?: string }).session_id === sessionId);
    expect(events.map((e) => [e.type, (e.payload as { code?: string }).code])).toEqual([
      ["GOAL_REFORMULATION_REJECTED", "DTL-STRAT-009"],
    ]);
    const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(readGoalState(row?.goal).active_reformulation).toBeNull();
  });
});
