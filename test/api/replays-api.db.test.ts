import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as startReplayRoute } from "@/app/api/v1/agents/[key]/replays/route";
import { POST as cancelReplayRoute } from "@/app/api/v1/replays/[id]/cancel/route";
import { GET as getReplayRoute } from "@/app/api/v1/replays/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { insertJobRun } from "@/db/queries/job-runs";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { ReplayRunViewSchema } from "@/lib/replay/replay-view-schemas";
import { HIDDEN_REPLY } from "@/lib/replay/server/hide-stored-replies";
import { ReplayCancelledError, replayAgentSessions } from "@/lib/replay/server/replay-agent-sessions";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { backgroundJobsSettled } from "@/lib/server/jobs/background-jobs";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { hostTurn } from "@/lib/turns/server/host-turn";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { HOST, ORIGIN } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";

let handle: DatabaseHandle;
let cookies: Record<"viewer" | "designer", string>;
let readKey: string;
let traceKey: string;
let france = "";

const call = (handler: RouteHandler, path: string, params: Record<string, string>, auth: string, body?: unknown) =>
  callRoute(
    handler,
    new Request(`${ORIGIN}${path}`, {
      method: body === undefined && !path.endsWith("/cancel") ? "GET" : "POST",
      headers: {
        host: HOST,
        origin: ORIGIN,
        "content-type": "application/json",
        ...(auth.startsWith("fk_") ? { authorization: `Bearer ${auth}` } : { cookie: auth }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    params,
  );
const start = (auth: string, body: unknown, key = "refund-desk") =>
  call(startReplayRoute as RouteHandler, `/api/v1/agents/${key}/replays`, { key }, auth, body);
const read = (auth: string, id: string) => call(getReplayRoute as RouteHandler, `/api/v1/replays/${id}`, { id }, auth);

beforeAll(async () => {
  ({ handle, cookies } = await startDemoApp(["viewer", "designer"]));
  readKey = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "ci", scopes: ["agents:read"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
  traceKey = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "ci traces", scopes: ["agents:read", "traces:read"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
  const agent = await getAgentByKey(handle.db, "refund-desk");
  if (!agent) throw new Error("demo missing");
  const session = await createSession(handle.db, { agent, channel: "api", createdBy: "test" });
  france = session.id;
  await hostTurn(handle.db, {
    sessionId: session.id,
    message: "I'm in France and want a refund for order 123",
    actor: SYSTEM_ACTOR,
    requestId: "req",
  });
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

describe("replays over REST", () => {
  it("replays a session under a bundle draft with max-refund at 80, with an agents:read key", async () => {
    const draft = structuredClone(demo);
    const rule = draft.rules.find((r) => r.key === "max-refund");
    if (rule) rule.enforcement_expression = "refund_amount <= 80";
    const before = await tableCounts(handle);
    const started = await start(readKey, { config: draft, sessions: { ids: [france] } });
    expect(started.status).toBe(202);
    const { replay_id } = await started.json();
    await backgroundJobsSettled();
    const after = await tableCounts(handle);
    // The bundle was only dry-run: the one new row is the run itself.
    expect({ ...after, job_runs: 0 }).toEqual({ ...before, job_runs: 0 });
    expect(after.job_runs).toBe((before.job_runs ?? 0) + 1);

    const run = ReplayRunViewSchema.parse(await (await read(readKey, replay_id)).json());
    expect(run).toMatchObject({ status: "done", progress: { done: 1, total: 1 } });
    expect(run.report?.counts).toMatchObject({ turns: 1, changed: 1 });
    expect(run.report?.turns[0]?.diff?.outcome).toEqual({ before: "regenerated", after: "answered" });
    expect(run.report?.turns[0]?.stages?.map((s) => s.name)).toContain("enforcement");

    // agents:read alone sees every decision but none of the replies; traces:read or a session sees them.
    const turn = run.report?.turns[0];
    expect(turn?.before.response).toBe(HIDDEN_REPLY);
    expect(turn?.after?.response).toBe(HIDDEN_REPLY);
    expect(turn?.diff?.response).toBeUndefined();
    for (const auth of [traceKey, cookies.viewer]) {
      const full = ReplayRunViewSchema.parse(await (await read(auth, replay_id)).json());
      expect(full.report?.turns[0]?.before.response).toMatch(/refund/i);
      expect(full.report?.turns[0]?.diff?.response?.length).toBeGreaterThan(0);
    }
  });

  it("replays under the current configuration by default: nothing changes", async () => {
    const { replay_id } = await (await start(cookies.designer, { sessions: { ids: [france] } })).json();
    await backgroundJobsSettled();
    const run = await (await read(cookies.viewer, replay_id)).json();
    expect(run.report.counts).toMatchObject({ turns: 1, same: 1, changed: 0 });
  });

  it("refuses what it cannot do, writing nothing", async () => {
    const before = await tableCounts(handle);
    expect((await start(cookies.viewer, {})).status).toBe(403);
    expect((await start(readKey, { mode: "live" })).status).toBe(403);
    const unknownSession = await start(readKey, { sessions: { ids: ["00000000-0000-4000-8000-000000000000"] } });
    expect(unknownSession.status).toBe(422);
    expect((await unknownSession.json()).errors).toEqual([
      { path: "sessions.ids[0]", message: "is not a session of this agent" },
    ]);
    expect((await start(readKey, {}, "no-such-agent")).status).toBe(404);
    const unknownVersion = await start(readKey, { config_version: 99 });
    expect(unknownVersion.status).toBe(422);
    expect((await unknownVersion.json()).errors[0].path).toBe("config_version");
    const broken = structuredClone(demo);
    const rule = broken.rules.find((r) => r.key === "max-refund");
    if (rule) rule.enforcement_expression = "refund_amount <=";
    const refused = await start(readKey, { config: broken });
    expect(refused.status).toBe(422);
    expect((await refused.json()).errors[0].path).toMatch(/^config\.rules\[\d+\]\.enforcement_expression$/);
    expect((await start(readKey, { mode: "sometimes" })).status).toBe(422);
    expect((await read(readKey, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const after = await tableCounts(handle);
    expect(after.job_runs).toBe(before.job_runs);
  });

  it("cancels a queued run at once, leaves a finished one as it was, and stops a running one", async () => {
    const agent = await getAgentByKey(handle.db, "refund-desk");
    if (!agent) throw new Error("demo missing");
    const cancel = async (id: string) =>
      (await call(cancelReplayRoute as RouteHandler, `/api/v1/replays/${id}/cancel`, { id }, cookies.designer)).json();
    // Queued: stored but not yet picked up by this instance's runner.
    const queued = await insertJobRun(handle.db, { kind: "replay", agentId: agent.id, request: {}, createdBy: "t" });
    expect(await cancel(queued.id)).toMatchObject({ status: "cancelled" });
    const { replay_id } = await (await start(cookies.designer, {})).json();
    await backgroundJobsSettled();
    expect(await cancel(replay_id)).toMatchObject({ status: "done" });
    await expect(
      replayAgentSessions(handle.db, agent, {
        target: { kind: "current" },
        mode: "frozen",
        sessions: {},
        signal: AbortSignal.abort(),
      }),
    ).rejects.toBeInstanceOf(ReplayCancelledError);
  });
});
