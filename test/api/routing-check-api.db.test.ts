import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as routingCheckRoute } from "@/app/api/v1/agents/[key]/routing-check/route";
import type { DatabaseHandle } from "@/db/client";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import type { RoutingCheckReport } from "@/lib/engine/routing-check/routing-check-report";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { demoBundle } from "../support/bundle-fixtures";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

let handle: DatabaseHandle;
let reader: string;
let runner: string;

const PLANTED = "What's the price of the blue kettle with shipping to France?";
const check = (key: string, apiKey = reader) =>
  callWithKey(routingCheckRoute as RouteHandler, "POST", `/api/v1/agents/${key}/routing-check`, { key }, apiKey);

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  reader = await loopApiKey(handle, ["agents:read"]);
  runner = await loopApiKey(handle, ["turns:write"]);
  const planted = demoBundle();
  planted.agent = { ...planted.agent, key: "planted-desk", name: "Planted desk" };
  const refund = planted.scenarios?.find((s) => s.key === "refund");
  refund?.entry_examples?.push(PLANTED);
  planted.scenarios?.push({
    key: "shipping",
    name: "Shipping status",
    intent_label: "shipping_status",
    entry_examples: ["where is my parcel?", "has my order shipped yet?"],
    entry_step: "ask",
    steps: [{ key: "ask", name: "Ask", instructions: "Ask for the order number.", is_terminal: true }],
  });
  await importBundle(handle.db, planted, SYSTEM_ACTOR, "setup");
  const empty = { focal_bundle: 1, agent: { key: "empty-desk", name: "Empty desk" }, scenarios: [] };
  await importBundle(handle.db, empty, SYSTEM_ACTOR, "setup");
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("POST /api/v1/agents/{key}/routing-check", () => {
  it("answers the table: every enabled example, the planted one flagged, the two-example scenario flagged", async () => {
    const before = await tableCounts(handle);
    const response = await check("planted-desk");
    expect(response.status).toBe(200);
    const report = (await response.json()) as RoutingCheckReport;
    expect(report.summary.examples).toBe(12);
    const planted = report.examples.find((e) => e.example === PLANTED);
    expect(planted).toMatchObject({ scenario_key: "refund", problem: "closer_to_other" });
    expect(report.scenarios.find((s) => s.scenario_key === "shipping")).toMatchObject({
      problem: "few_examples",
      examples: 2,
    });
    expect(report.summary.flagged_scenarios).toBe(1);
    expect(report.summary.flagged_examples).toBe(report.examples.filter((e) => e.problem).length);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("answers 200 with empty tables for an agent with no scenarios", async () => {
    const response = await check("empty-desk");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      examples: [],
      scenarios: [],
      summary: { examples: 0, routed_home: 0, accuracy: null, flagged_examples: 0, flagged_scenarios: 0, unchecked: 0 },
    });
  });

  it("answers 404 for an unknown agent and 403 for a key without agents:read", async () => {
    const unknown = await check("no-such-agent");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("NOT_FOUND");
    expect((await check("refund-desk", runner)).status).toBe(403);
  });
});
