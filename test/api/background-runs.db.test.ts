import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as startRunRoute } from "@/app/api/v1/agents/[key]/test-runs/route";
import { POST as cancelRunRoute } from "@/app/api/v1/test-runs/[id]/cancel/route";
import { GET as getRunRoute } from "@/app/api/v1/test-runs/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { longTestCases } from "@/lib/engine/conversation-tests/long-test-cases";
import { backgroundJobsSettled } from "@/lib/server/jobs/background-jobs";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// Background work and live turns: the largest test run a request can carry (100 cases × 200 turns,
// k 10, tries 10) works on a worker thread while sandbox turns and /api/health keep answering; a
// cancel stops it; a third run from one key, or a fifth on one agent, is 429 with Retry-After. How
// fast turns stay meanwhile is measured by `BENCH_BACKGROUND=1 npm run bench`, not here.

let handle: DatabaseHandle;
const key = { key: "refund-desk" };
const maxRun = {
  k: 10,
  tries: 10,
  mode: "offline",
  config: { ...demo, tests: longTestCases(demo.tests, 100, 200) },
};

const start = (apiKey: string, body: unknown = maxRun) =>
  callWithKey(startRunRoute as RouteHandler, "POST", "/api/v1/agents/refund-desk/test-runs", key, apiKey, body);
const view = async (id: string, apiKey: string) =>
  (await callWithKey(getRunRoute as RouteHandler, "GET", `/api/v1/test-runs/${id}`, { id }, apiKey)).json();
const cancel = (id: string, apiKey: string) =>
  callWithKey(cancelRunRoute as RouteHandler, "POST", `/api/v1/test-runs/${id}/cancel`, { id }, apiKey);
const runner = () => loopApiKey(handle, ["turns:write", "agents:read"]);

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
}, 60_000);
afterAll(async () => {
  await backgroundJobsSettled();
  await handle?.close();
});

describe("live turns while the largest test run works", () => {
  it("answers sandbox turns and health during the run, and a cancel stops it", async () => {
    const apiKey = await runner();
    const started = await start(apiKey);
    expect(started.status).toBe(202);
    const { test_run_id: id } = await started.json();
    while ((await view(id, apiKey)).status === "queued") await new Promise((resolve) => setTimeout(resolve, 50));

    const agent = await getAgentByKey(handle.db, "refund-desk");
    if (!agent) throw new Error("demo missing");
    const session = await createSession(handle.db, { agent, channel: "sandbox", createdBy: "t" });
    for (const message of ["I'm in France and want a refund for order 123", "it arrived broken", "thanks"]) {
      const probe = await health(new Request("http://focal.test/api/health"));
      expect(probe.status).toBe(200);
      const hosted = await hostTurn(handle.db, { sessionId: session.id, message, actor: SYSTEM_ACTOR, requestId: "r" });
      expect(hosted.turn.response.length).toBeGreaterThan(0);
    }
    // Still working after the turns: they did not wait for the run.
    expect((await view(id, apiKey)).status).toBe("running");

    expect((await cancel(id, apiKey)).status).toBe(200);
    await backgroundJobsSettled();
    const ended = await view(id, apiKey);
    expect(ended.status).toBe("cancelled");
    expect(ended.progress.done).toBeLessThan(100);
  }, 180_000);
});

describe("runs per key and per agent", () => {
  it("refuses a third concurrent run from one key with 429 and Retry-After, and takes it once one ends", async () => {
    const apiKey = await runner();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await start(apiKey);
      expect(started.status).toBe(202);
      ids.push((await started.json()).test_run_id);
    }
    const third = await start(apiKey);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await third.json()).error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringContaining("at most 2 per API key or user"),
    });

    await cancel(ids[0] as string, apiKey);
    const again = await start(apiKey, { k: 1, mode: "frozen" });
    expect(again.status).toBe(202);
    ids.push((await again.json()).test_run_id);
    for (const id of ids) await cancel(id, apiKey);
    await backgroundJobsSettled();
  }, 120_000);

  it("refuses a fifth concurrent run on one agent, whoever asks", async () => {
    const keys = [await runner(), await runner(), await runner()];
    const ids: [string, string][] = [];
    for (const apiKey of keys.slice(0, 2)) {
      for (let i = 0; i < 2; i++) ids.push([(await (await start(apiKey)).json()).test_run_id, apiKey]);
    }
    const fifth = await start(keys[2] as string);
    expect(fifth.status).toBe(429);
    expect((await fifth.json()).error.message).toContain("at most 4 per agent");
    for (const [id, apiKey] of ids) await cancel(id, apiKey);
    await backgroundJobsSettled();
  }, 120_000);
});
