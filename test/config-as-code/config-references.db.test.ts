import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getSettingsRoute, PUT as putSettingsRoute } from "@/app/api/v1/agents/[key]/settings/route";
import type { DatabaseHandle } from "@/db/client";
import { listConfigEvents } from "@/db/queries/config-history";
import { deleteRuleAction } from "@/lib/actions/rules/delete-rule";
import { frozenSuiteRuns } from "@/lib/conversation-tests/server/frozen-report-cache";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { loadRulesWorkspace } from "@/lib/rules/server/load-rules-workspace";
import { summarizeConfigEvent } from "@/lib/versioning/config-change-payload";
import { configAtVersion } from "@/lib/versioning/server/config-versions";
import { callConfig } from "../support/config-rest";
import { agentRow } from "../support/config-save-checks";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { browserHeaders, requestState } from "../support/request-headers";
import { callWithCookie, callWithKey } from "../support/route-call";

// What REST writes share with the editors: a delete of something still referred to is 409 IN_USE
// listing the references (the editors get the same refusal inline), the tests gate (block here, the
// demo's default) refuses a change that turns a passing conversation test red, and a REST write is a
// version in the agent's history like an editor save. Settings have their own GET and PUT.

const AGENT = "refund-desk";
let handle: DatabaseHandle;
let cookies: Record<"designer", string>;
let writer: string;

beforeAll(async () => {
  ({ handle, cookies } = await startDemoApp(["designer"], { testsGate: "block" }));
  writer = await loopApiKey(handle, ["config:read", "config:write"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const version = async () => (await agentRow(handle, AGENT)).configVersion;

async function refusedWithNothingWritten(call: () => Promise<Response>) {
  const counts = await tableCounts(handle);
  const before = await version();
  const response = await call();
  const body = await response.json();
  expect(await tableCounts(handle)).toEqual(counts);
  expect(await version()).toBe(before);
  return { status: response.status, body };
}

describe("a delete of an entity something refers to", () => {
  const cases = [
    {
      kind: "tools",
      key: "lookup_order",
      references: [
        { kind: "rule", key: "look-up-order", field: "attached_tools" },
        { kind: "rule", key: "max-refund", field: "attached_tools" },
      ],
    },
    { kind: "scenarios", key: "refund", references: [{ kind: "rule", key: "max-refund", field: "scope_ref" }] },
    { kind: "rules", key: "max-refund", references: [{ kind: "test", key: "france-75-refund" }] },
    {
      kind: "variables",
      key: "refund_amount",
      references: [
        { kind: "rule", key: "max-refund", field: "enforcement_expression" },
        { kind: "test", key: "refund-happy-path" },
      ],
    },
    { kind: "profile-fields", key: "order_id", references: [{ kind: "tool", key: "lookup_order" }] },
  ] as const;

  it.each(cases)("$kind/$key is 409 IN_USE listing the references, and nothing is written", async (c) => {
    const { status, body } = await refusedWithNothingWritten(() =>
      callConfig(c.kind, "DELETE", { agent: AGENT, entityKey: c.key, apiKey: writer }),
    );
    expect(status, JSON.stringify(body)).toBe(409);
    expect(body.error.code).toBe("IN_USE");
    for (const reference of c.references) expect(body.references).toContainEqual(expect.objectContaining(reference));
  });

  it("the rules page knows which tests name each rule, so its delete dialog says so before a click", async () => {
    const { testsNaming } = await loadRulesWorkspace(handle.db, AGENT);
    expect(testsNaming["vip-thanks"]).toEqual(["vip-thanked-once"]);
    expect(testsNaming["max-refund"]).toEqual(expect.arrayContaining(["france-75-refund", "refund-happy-path"]));
  });

  it("the rule editor gets the same refusal inline", async () => {
    requestState.headers = browserHeaders({ cookie: cookies.designer });
    const counts = await tableCounts(handle);
    const result = await deleteRuleAction({
      agent_key: AGENT,
      rule_key: "max-refund",
      expected_config_version: await version(),
    });
    expect(result).toMatchObject({
      ok: false,
      code: "IN_USE",
      message: expect.stringContaining("test france-75-refund"),
    });
    expect(await tableCounts(handle)).toEqual(counts);
  });
});

describe("the tests gate and the version history", () => {
  const maxRefund = demo.rules.find((rule) => rule.key === "max-refund");

  it("blocks a REST write that turns a passing test red: 409 TESTS_GATE, nothing written", async () => {
    const { status, body } = await refusedWithNothingWritten(() =>
      callConfig("rules", "PUT", {
        agent: AGENT,
        entityKey: "max-refund",
        apiKey: writer,
        body: { ...maxRefund, enforcement_expression: "refund_amount <= 80" },
      }),
    );
    expect(status).toBe(409);
    expect(body.error).toMatchObject({ code: "TESTS_GATE", message: expect.stringContaining('"france-75-refund"') });
  });

  it("a REST write is a version in the agent's history, with its snapshot and the gate's record", async () => {
    const response = await callConfig("rules", "POST", {
      agent: AGENT,
      apiKey: writer,
      body: { key: "rest-history", name: "Thank", condition_text: "The customer thanks", action_text: "Say welcome" },
    });
    const { config_version } = await response.json();
    const agent = await agentRow(handle, AGENT);
    const [event] = (await listConfigEvents(handle.db, agent.id, { limit: 1 })).events;
    expect(event).toMatchObject({ type: "CONFIG_CHANGED", actorKind: "api_key" });
    expect(event?.payload).toMatchObject({ tests_gate: { mode: "block", turned_red: [] } });
    expect(summarizeConfigEvent(event?.type ?? "", event?.payload)).toMatchObject({ version: config_version });
    const snapshot = await configAtVersion(handle.db, agent, config_version);
    expect(snapshot?.rules.map((rule) => rule.key)).toContain("rest-history");
  });

  it("runs the suite once per save, not twice: the saved side is the previous save's draft, kept", async () => {
    const save = (key: string) =>
      callConfig("rules", "POST", {
        agent: AGENT,
        apiKey: writer,
        body: { key, name: "Thank", condition_text: "The customer thanks", action_text: "Say welcome" },
      });
    expect((await save("kept-first")).status).toBe(201);
    const runs = frozenSuiteRuns();
    const second = await save("kept-second");
    expect(second.status).toBe(201);
    expect(frozenSuiteRuns() - runs).toBe(1);
    const agent = await agentRow(handle, AGENT);
    const [event] = (await listConfigEvents(handle.db, agent.id, { limit: 1 })).events;
    expect(event?.payload).toMatchObject({ tests_gate: { mode: "block", turned_red: [] } });
    // A kept report gives the same verdict as a fresh run: the change that turns a case red is still refused.
    const red = await callConfig("rules", "PUT", {
      agent: AGENT,
      entityKey: "max-refund",
      apiKey: writer,
      body: { ...maxRefund, enforcement_expression: "refund_amount <= 80" },
    });
    expect(red.status).toBe(409);
  });
});

describe("settings over REST", () => {
  const path = `/api/v1/agents/${AGENT}/settings`;
  const params = { key: AGENT };

  it("reads and replaces the settings as the settings editor saves them, with If-Match", async () => {
    const read = await callWithKey(getSettingsRoute, "GET", path, params, writer);
    const { config_version, settings } = await read.json();
    expect(read.headers.get("etag")).toBe(`"${config_version}"`);
    const changed = { ...settings, rerun: { max_reruns: 1 } };
    const put = await callWithKey(putSettingsRoute, "PUT", path, params, writer, changed, {
      "if-match": `"${config_version}"`,
    });
    expect(await put.json()).toEqual({ config_version: config_version + 1, changed: true });
    const stale = await refusedWithNothingWritten(() =>
      callWithKey(putSettingsRoute, "PUT", path, params, writer, settings, { "if-match": `"${config_version}"` }),
    );
    expect(stale).toMatchObject({ status: 412, body: { config_version: config_version + 1 } });
  });

  it("a setting out of range is 422 naming it, and a designer's session may save too", async () => {
    const bad = await refusedWithNothingWritten(() =>
      callWithKey(putSettingsRoute, "PUT", path, params, writer, { rerun: { max_reruns: -4 } }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toContain("rerun.max_reruns");
    const read = await callWithCookie(cookies.designer, getSettingsRoute, "GET", path, params);
    const { settings } = await read.json();
    const put = await callWithCookie(cookies.designer, putSettingsRoute, "PUT", path, params, settings);
    expect(await put.json()).toMatchObject({ changed: false });
  });
});
