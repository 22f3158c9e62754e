import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as listRunsRoute, POST as startRunRoute } from "@/app/api/v1/agents/[key]/test-runs/route";
import { DELETE as deleteTestRoute, PUT as putTestRoute } from "@/app/api/v1/agents/[key]/tests/[test_key]/route";
import { POST as createTestRoute, GET as listTestsRoute } from "@/app/api/v1/agents/[key]/tests/route";
import { GET as proposalRoute } from "@/app/api/v1/sessions/[id]/test-proposal/route";
import { GET as getRunRoute } from "@/app/api/v1/test-runs/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { ledgerEvents } from "@/db/schema";
import { SAVE_POLICIES } from "@/lib/boot/save-policies";
import { TestRunViewSchema } from "@/lib/conversation-tests/test-run-view-schemas";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { backgroundJobsSettled } from "@/lib/server/jobs/background-jobs";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

let handle: DatabaseHandle;
let writer: string;
let reader: string;
let runner: string;

type Handler = RouteHandler;
const call = callWithKey;
const key = { key: "refund-desk" };
const run = async (body: unknown, apiKey = runner) => {
  const started = await call(
    startRunRoute as Handler,
    "POST",
    "/api/v1/agents/refund-desk/test-runs",
    key,
    apiKey,
    body,
  );
  if (started.status !== 202) return { status: started.status, body: await started.json() };
  const { test_run_id } = await started.json();
  await backgroundJobsSettled();
  const view = await call(
    getRunRoute as Handler,
    "GET",
    `/api/v1/test-runs/${test_run_id}`,
    { id: test_run_id },
    reader,
  );
  return { status: 202, body: await view.json() };
};

beforeAll(async () => {
  ({ handle } = await startDemoApp([], { testsGate: "block" }));
  writer = await loopApiKey(handle, ["agents:write"]);
  reader = await loopApiKey(handle, ["agents:read", "traces:read"]);
  runner = await loopApiKey(handle, ["turns:write"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const probe = {
  key: "probe",
  name: "Probe",
  turns: [{ message: "hello", assertions: [{ kind: "scenario_is", scenario: null }] }],
};

describe("test cases over REST", () => {
  it("lists the demo suite, creates, renames and deletes a case", async () => {
    const listed = await (
      await call(listTestsRoute as Handler, "GET", "/api/v1/agents/refund-desk/tests", key, reader)
    ).json();
    // The demo's cases, and any a case before this one saved.
    expect(listed.tests.map((t: { key: string }) => t.key)).toEqual(
      expect.arrayContaining(demo.tests.map((t) => t.key)),
    );
    const created = await call(
      createTestRoute as Handler,
      "POST",
      "/api/v1/agents/refund-desk/tests",
      key,
      writer,
      probe,
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ key: "probe", suite: "default", enabled: true });
    const renamed = await call(
      putTestRoute as Handler,
      "PUT",
      "/api/v1/agents/refund-desk/tests/probe",
      { ...key, test_key: "probe" },
      writer,
      {
        ...probe,
        key: "probe-2",
      },
    );
    expect(renamed.status).toBe(200);
    const gone = await call(
      deleteTestRoute as Handler,
      "DELETE",
      "/api/v1/agents/refund-desk/tests/probe-2",
      { ...key, test_key: "probe-2" },
      writer,
    );
    expect(await gone.json()).toEqual({ deleted: "probe-2" });
  });

  it("refuses a case that names what the agent lacks, or is malformed, naming the path; nothing stored", async () => {
    const before = await tableCounts(handle);
    const bad = async (body: unknown, apiKey = writer) =>
      call(createTestRoute as Handler, "POST", "/api/v1/agents/refund-desk/tests", key, apiKey, body);
    const unknownRule = await bad({
      ...probe,
      turns: [{ message: "hi", assertions: [{ kind: "rule_fired", rule: "nope" }] }],
    });
    expect(unknownRule.status).toBe(422);
    expect((await unknownRule.json()).errors).toEqual([
      { path: "turns[0].assertions[0].rule", message: expect.stringContaining('No rule "nope"') },
    ]);
    const badCel = await bad({
      ...probe,
      turns: [{ message: "hi", assertions: [{ kind: "cel", expression: "refund_total < 1" }] }],
    });
    expect((await badCel.json()).errors[0].path).toBe("turns[0].assertions[0].expression");
    const tooLong = await bad({ ...probe, turns: Array.from({ length: 201 }, () => ({ message: "hi" })) });
    expect((await tooLong.json()).errors[0].path).toBe("turns");
    const taken = await bad({ ...probe, key: "france-75-refund" });
    expect((await taken.json()).errors[0].path).toBe("key");
    expect((await bad(probe, reader)).status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("proposes a case from a stored session, which then passes frozen from its tape", async () => {
    const agent = await getAgentByKey(handle.db, "refund-desk");
    if (!agent) throw new Error("demo missing");
    const session = await createSession(handle.db, { agent, channel: "sandbox", createdBy: "t" });
    await hostTurn(handle.db, {
      sessionId: session.id,
      message: "I'm in France and want a refund for order 123",
      actor: SYSTEM_ACTOR,
      requestId: "r",
    });
    const proposal = await (
      await call(
        proposalRoute as Handler,
        "GET",
        `/api/v1/sessions/${session.id}/test-proposal`,
        { id: session.id },
        reader,
      )
    ).json();
    expect(proposal.agent_key).toBe("refund-desk");
    const [turn] = proposal.test.turns;
    expect(turn.tape.version).toBe(1);
    expect(turn.assertions).toEqual([
      { kind: "outcome_is", outcome: "regenerated" },
      { kind: "step_is", step: "refund/look_up_order" },
      { kind: "rule_fired", rule: "max-refund" },
      { kind: "rule_fired", rule: "be-polite" },
      { kind: "rule_violated", rule: "max-refund" },
    ]);
    const saved = await call(
      createTestRoute as Handler,
      "POST",
      "/api/v1/agents/refund-desk/tests",
      key,
      writer,
      proposal.test,
    );
    expect(saved.status).toBe(201);
    const result = await run({ keys: [proposal.test.key] });
    expect(result.body.report.cases[0]).toMatchObject({ status: "passed" });
    expect(result.body.report.cases[0].detail.turns[0].served).toBe("tape");
  });
});

describe("test runs over REST", () => {
  it("runs the demo suite frozen with pass^k, stored with the config_version", async () => {
    const configVersion = (await getAgentByKey(handle.db, "refund-desk"))?.configVersion;
    const result = await run({ k: 4, keys: demo.tests.map((t) => t.key) });
    TestRunViewSchema.parse(result.body);
    expect(result.body).toMatchObject({ status: "done", config_version: configVersion });
    expect(result.body.summary).toMatchObject({
      passed: demo.tests.length,
      failed: 0,
      flaky: 0,
      pass_1: 1,
      pass_k: 1,
      k: 4,
    });
  });

  it("lists the latest runs, newest first, without their reports", async () => {
    await run({ keys: [demo.tests[0]?.key ?? ""] });
    const listed = await call(listRunsRoute as Handler, "GET", "/api/v1/agents/refund-desk/test-runs", key, reader);
    expect(listed.status).toBe(200);
    const { runs } = await listed.json();
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r: { report: unknown }) => r.report === null)).toBe(true);
  });

  it("runs a bundle's own tests against the bundle, reporting the failing assertion", async () => {
    const draft = structuredClone(demo);
    const rule = draft.rules.find((r) => r.key === "max-refund");
    if (rule) rule.enforcement_expression = "refund_amount <= 80";
    const result = await run({ config: draft, suite: "refund", mode: "offline" });
    const france = result.body.report.cases.find((c: { key: string }) => c.key === "france-75-refund");
    expect(france.status).toBe("failed");
    expect(france.detail.failures[0]).toMatchObject({ path: "turns[0].assertions[0]", kind: "outcome_is" });
    expect(result.body.config_version).toBeNull();
  });

  it("refuses k out of range, an unknown case and a reader's key", async () => {
    expect((await run({ k: 11 })).status).toBe(422);
    expect((await run({ k: 4, tries: 2 })).status).toBe(422);
    expect((await run({ keys: ["no-such-case"] })).status).toBe(404);
    expect((await run({}, reader)).status).toBe(403);
  });
});

describe("the test gate on saves", () => {
  const setGate = async (mode: string) => {
    const { updateAgentSettings } = await import("@/lib/settings/server/update-agent-settings");
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
      { ...demo.agent.settings, testing: { tests_gate: mode } },
    );
  };
  const raiseCap = async (cap: number, extra: Record<string, unknown> = {}) => {
    const { ruleEntity } = await import("@/lib/rules/server/rule-entity");
    const agent = await getAgentByKey(handle.db, "refund-desk");
    const rule = demo.rules.find((r) => r.key === "max-refund");
    return ruleEntity.update(
      handle.db,
      {
        agentKey: "refund-desk",
        expectedVersion: agent?.configVersion ?? 0,
        actor: SYSTEM_ACTOR,
        requestId: "r",
        policies: SAVE_POLICIES,
        ...extra,
      },
      "max-refund",
      { ...rule, enforcement_expression: `refund_amount <= ${cap}` } as never,
    );
  };
  const lastChange = async () =>
    (
      await handle.db
        .select()
        .from(ledgerEvents)
        .where(eq(ledgerEvents.type, "CONFIG_CHANGED"))
        .orderBy(asc(ledgerEvents.seq))
    ).at(-1)?.payload;

  // Each case starts from the demo's cap of 50 and leaves the demo's settings and cap behind, which the
  // runs of the other cases pass on.
  const demoSettingsAndCap = async () => {
    await raiseCap(50, { role: "admin", forceTests: { reason: "back to 50" } });
    const { updateAgentSettings } = await import("@/lib/settings/server/update-agent-settings");
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
      demo.agent.settings,
    );
  };
  afterEach(demoSettingsAndCap);

  it("block refuses a save that turns a passing case red, naming it, and writes nothing", async () => {
    await demoSettingsAndCap();
    await setGate("block");
    const before = await getAgentByKey(handle.db, "refund-desk");
    await expect(raiseCap(80)).rejects.toMatchObject({
      code: "TESTS_GATE",
      message: expect.stringContaining('"france-75-refund"'),
    });
    expect((await getAgentByKey(handle.db, "refund-desk"))?.configVersion).toBe(before?.configVersion);
    // An admin can force it, with a reason the ledger keeps (a designer's goes into draft:
    // test/conversation-tests/tests-gate-draft.db.test.ts).
    await raiseCap(80, { role: "admin", forceTests: { reason: "Raising the cap for the spring campaign" } });
    expect((await lastChange())?.tests_gate).toMatchObject({
      mode: "block",
      forced: true,
      reason: "Raising the cap for the spring campaign",
      turned_red: expect.arrayContaining(["france-75-refund"]),
    });
  });

  it("warn lets the save through and records the cases it turned red", async () => {
    await demoSettingsAndCap();
    await setGate("warn");
    await raiseCap(90);
    expect((await lastChange())?.tests_gate).toMatchObject({
      mode: "warn",
      forced: false,
      turned_red: expect.arrayContaining(["france-75-refund"]),
    });
  });
});
