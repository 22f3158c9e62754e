import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as startReplayRoute } from "@/app/api/v1/agents/[key]/replays/route";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as startTestRunRoute } from "@/app/api/v1/agents/[key]/test-runs/route";
import { GET as listTestsRoute, POST as saveTestRoute } from "@/app/api/v1/agents/[key]/tests/route";
import { DELETE as deleteCustomerRoute } from "@/app/api/v1/customers/[customer_id]/route";
import { GET as getReplayRoute } from "@/app/api/v1/replays/[id]/route";
import { GET as proposeTestRoute } from "@/app/api/v1/sessions/[id]/test-proposal/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { GET as getTestRunRoute } from "@/app/api/v1/test-runs/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { insertJobRun } from "@/db/queries/job-runs";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { applyRetention } from "@/lib/customers/server/apply-retention";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { REPLAY_JOB } from "@/lib/replay/server/replay-job";
import { backgroundJobsSettled } from "@/lib/server/jobs/background-jobs";
import { runJobAttempt } from "@/lib/server/jobs/run-job";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { tablesContaining } from "../support/database-text";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey as call, type RouteHandler } from "../support/route-call";

// Each customer's id and messages carry a marker no other row holds, so a whole-database grep finds
// every copy of what they said, wherever it was stored.
const marker = (who: string) => `mk${who}${crypto.randomUUID().slice(0, 8)}`;
const ALICE = marker("alice");
const CAROL = marker("carol");
const DAVE = marker("dave");
// Ledger chains are named by session id (docs/ledger.md): ids, never customer text.
const LEDGER_TABLES = ['"public"."ledger_events"', '"public"."ledger_anchor_leaves"'];

let handle: DatabaseHandle;
let admin: string;
let runner: string;
let reader: string;

async function converse(customer: string, messages: string[]): Promise<string> {
  const created = await call(
    createSessionRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/sessions",
    { key: "refund-desk" },
    runner,
    { customer_id: customer },
  );
  const { session_id } = await created.json();
  for (const message of messages) {
    const turn = await call(
      postTurnRoute as RouteHandler,
      "POST",
      `/api/v1/sessions/${session_id}/turns`,
      { id: session_id },
      runner,
      { message },
    );
    expect(turn.status).toBe(200);
  }
  return session_id;
}

/** A stored replay under a draft that changes the France refund, so every replayed turn is in the report. */
async function replay(sessionIds: string[]): Promise<string> {
  const draft = structuredClone(demo);
  const rule = draft.rules.find((r) => r.key === "max-refund");
  if (rule) rule.enforcement_expression = "refund_amount <= 80";
  const started = await call(
    startReplayRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/replays",
    { key: "refund-desk" },
    reader,
    { config: draft, sessions: { ids: sessionIds } },
  );
  expect(started.status).toBe(202);
  const { replay_id } = await started.json();
  await backgroundJobsSettled();
  return replay_id;
}

/** A test run of the case proposed from the session, as a designer would save it into a bundle. */
async function testRunFrom(sessionId: string): Promise<string> {
  const proposal = await call(
    proposeTestRoute as RouteHandler,
    "GET",
    `/api/v1/sessions/${sessionId}/test-proposal`,
    { id: sessionId },
    reader,
  );
  const { test } = await proposal.json();
  const bundle = { ...structuredClone(demo), tests: [test] };
  const started = await call(
    startTestRunRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/test-runs",
    { key: "refund-desk" },
    runner,
    { config: bundle, keys: [test.key] },
  );
  expect(started.status).toBe(202);
  const { test_run_id } = await started.json();
  await backgroundJobsSettled();
  return test_run_id;
}

/** The case proposed from the session saved as the agent's own test (the console's Save as test). */
async function saveAsTest(sessionId: string): Promise<string> {
  const proposal = await call(
    proposeTestRoute as RouteHandler,
    "GET",
    `/api/v1/sessions/${sessionId}/test-proposal`,
    { id: sessionId },
    reader,
  );
  const { test } = await proposal.json();
  const saved = await call(
    saveTestRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/tests",
    { key: "refund-desk" },
    admin,
    test,
  );
  expect(saved.status).toBe(201);
  return test.key;
}

async function savedTestKeys(): Promise<string[]> {
  const response = await call(
    listTestsRoute as RouteHandler,
    "GET",
    "/api/v1/agents/refund-desk/tests",
    { key: "refund-desk" },
    reader,
  );
  const { tests } = await response.json();
  return tests.map((t: { key: string }) => t.key);
}

async function readReport(id: string): Promise<string> {
  const response = await call(getReplayRoute as RouteHandler, "GET", `/api/v1/replays/${id}`, { id }, reader);
  expect(response.status).toBe(200);
  return JSON.stringify(await response.json());
}

async function readTestRun(id: string): Promise<string> {
  const response = await call(getTestRunRoute as RouteHandler, "GET", `/api/v1/test-runs/${id}`, { id }, reader);
  expect(response.status).toBe(200);
  return JSON.stringify(await response.json());
}

/** A replay still waiting in the queue, its payload naming the session. */
async function queuedReplayOf(sessionId: string): Promise<string> {
  const agent = await getAgentByKey(handle.db, "refund-desk");
  const run = await insertJobRun(handle.db, {
    kind: "replay",
    agentId: agent?.id,
    request: { sessions: { ids: [sessionId] } },
    payload: { target: { kind: "current" }, mode: "frozen", sessions: { ids: [sessionId] } },
    createdBy: "test",
  });
  return run.id;
}

function outsideLedger(found: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(found).filter(([table]) => !LEDGER_TABLES.includes(table)));
}

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
  runner = await loopApiKey(handle, ["turns:write"]);
  reader = await loopApiKey(handle, ["agents:read", "traces:read"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("deleting a customer reaches every stored report and job", () => {
  it("leaves no trace of their messages, replies, session or turn ids, keeps the others' turns, and the ledger verifies", async () => {
    const alice = await converse(ALICE, [`I'm in France and want a refund for order 123, ref ${ALICE}`]);
    const bob = await converse("bob@example.test", ["I'm in France and want a refund for order 456"]);
    const replayId = await replay([alice, bob]);
    const testRunId = await testRunFrom(alice);
    await queuedReplayOf(alice);
    const aliceTest = await saveAsTest(alice);
    const bobTest = await saveAsTest(bob);
    // Planted: her message is in her turn, the test-run report and her saved test; her session id in
    // the replay report (with her replies) and the queued job; her turn id in both reports.
    expect(await tablesContaining(handle, ALICE)).toMatchObject({
      '"public"."turns"': 1,
      '"public"."job_runs"': 1,
      '"public"."agent_tests"': 1,
    });
    expect((await tablesContaining(handle, alice))['"public"."job_runs"']).toBe(2);
    const aliceTurns = JSON.parse(await readReport(replayId)).report.turns.filter(
      (t: { sessionId: string }) => t.sessionId === alice,
    );
    expect(aliceTurns).toHaveLength(1);
    expect(aliceTurns[0].after.response).toEqual(expect.any(String));
    expect((await tablesContaining(handle, aliceTurns[0].turnId))['"public"."job_runs"']).toBe(2);

    const response = await call(
      deleteCustomerRoute as RouteHandler,
      "DELETE",
      `/api/v1/customers/${ALICE}`,
      { customer_id: ALICE },
      admin,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sessions: 1, turns: 1, job_runs: 3, tests: 1 });

    expect(await tablesContaining(handle, ALICE)).toEqual({});
    expect(outsideLedger(await tablesContaining(handle, alice))).toEqual({});
    for (const turn of aliceTurns) {
      expect(outsideLedger(await tablesContaining(handle, turn.turnId))).toEqual({});
    }
    const report = await readReport(replayId);
    expect(report).not.toContain(alice);
    // Her replies went with her turn: every turn left in the report is Bob's.
    const sessionsLeft = JSON.parse(report).report.turns.map((t: { sessionId: string }) => t.sessionId);
    expect(sessionsLeft.length).toBeGreaterThan(0);
    expect(new Set(sessionsLeft)).toEqual(new Set([bob]));
    expect(await readTestRun(testRunId)).not.toContain(ALICE);
    const keys = await savedTestKeys();
    expect(keys).not.toContain(aliceTest);
    expect(keys).toContain(bobTest);
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true });
  });
});

describe("a replay still running when its customer is deleted", () => {
  it("writes its report without the sessions and turns deleted while it ran", async () => {
    const dave = await converse(DAVE, [`I'm in France and want a refund for order 321, ref ${DAVE}`]);
    const erin = await converse("erin@example.test", ["I'm in France and want a refund for order 654"]);
    const agent = await getAgentByKey(handle.db, "refund-desk");
    // Under the current configuration, with unchanged turns listed too: both sessions are in the report.
    const run = await insertJobRun(handle.db, {
      kind: "replay",
      agentId: agent?.id,
      request: { sessions: { ids: [dave, erin] } },
      payload: { target: { kind: "current" }, mode: "frozen", includeSame: true, sessions: { ids: [dave, erin] } },
      createdBy: "test",
    });
    // The sessions are read and replayed, then Dave is deleted before the report is written.
    let deleted = 0;
    const attempt = await runJobAttempt(handle.db, run.id, {
      handler: async (job, ctx) => {
        const outcome = await REPLAY_JOB.handler(job, ctx);
        expect(JSON.stringify(outcome.result)).toContain(dave);
        const response = await call(
          deleteCustomerRoute as RouteHandler,
          "DELETE",
          `/api/v1/customers/${DAVE}`,
          { customer_id: DAVE },
          admin,
        );
        deleted = response.status;
        return outcome;
      },
    });
    expect(attempt).toEqual({ status: "done" });
    expect(deleted).toBe(200);
    const report = await readReport(run.id);
    expect(report).not.toContain(dave);
    expect(report).not.toContain("order 321");
    expect(report).toContain(erin);
    expect(await tablesContaining(handle, DAVE)).toEqual({});
    expect(outsideLedger(await tablesContaining(handle, dave))).toEqual({});
  });
});

describe("retention reaches every stored report and job", () => {
  it("takes expired sessions out of replay and test-run reports and job payloads", async () => {
    // Retention ends sessions, not customers: the marker goes only into what was said.
    const carol = await converse("carol@example.test", [`I'm in France and want a refund for order 789, ref ${CAROL}`]);
    await replay([carol]);
    await testRunFrom(carol);
    await queuedReplayOf(carol);
    expect((await tablesContaining(handle, CAROL))['"public"."job_runs"']).toBe(1);
    expect((await tablesContaining(handle, carol))['"public"."job_runs"']).toBe(2);
    const { updateAgentSettings } = await import("@/lib/settings/server/update-agent-settings");
    const { SYSTEM_ACTOR } = await import("@/lib/server/ledger/event-types");
    const agent = await getAgentByKey(handle.db, "refund-desk");
    await updateAgentSettings(
      handle.db,
      {
        agentKey: "refund-desk",
        expectedVersion: agent?.configVersion ?? 0,
        actor: SYSTEM_ACTOR,
        requestId: "r",
        policies: SAVE_POLICIES,
      },
      { ...demo.agent.settings, retention: { sessions_days: 1 } },
    );
    const run = await applyRetention(handle.db, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(run.job_runs).toBeGreaterThanOrEqual(3);
    expect(await tablesContaining(handle, CAROL)).toEqual({});
    expect(outsideLedger(await tablesContaining(handle, carol))).toEqual({});
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true });
  });
});
