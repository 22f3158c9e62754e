import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as deliveriesRoute } from "@/app/api/v1/agents/[key]/webhooks/[id]/deliveries/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/v1/agents/[key]/webhooks/[id]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/webhooks/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { jobRuns, ledgerEvents, webhookDeliveries } from "@/db/schema";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import {
  claimHandoff,
  postOperatorMessage,
  requestOperatorHandoff,
  returnHandoff,
} from "@/lib/handoffs/server/operator-actions";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { jobQueueFor, stopJobQueue } from "@/lib/server/jobs/process-queue";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createSession } from "@/lib/turns/server/create-session";
import { attemptDelivery } from "@/lib/webhooks/server/deliver-webhook";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import { sweepWebhookDeliveries } from "@/lib/webhooks/server/sweep-webhook-deliveries";
import type { WebhookEventType } from "@/lib/webhooks/webhook-schemas";
import { fileEnv, withEnv } from "@/test/support/file-env";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// Webhooks end to end against a real receiver on 127.0.0.1, allowlisted the way an admin unlocks a
// private host for http tools (FOCAL_TOOL_HOSTS naming it exactly). Each case has its own agent, so
// one case's events never reach another's receiver.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let handle: DatabaseHandle;
let writer: string;
let reader: string;
let server: Server;
let port: number;
const received = new Map<string, Received[]>();
// Status codes the receiver answers a path with, in order; 204 once they run out.
const answers = new Map<string, number[]>();
let agentCount = 0;
const environment = fileEnv();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      received.set(path, [
        ...(received.get(path) ?? []),
        { headers: request.headers, body: Buffer.concat(chunks).toString() },
      ]);
      const status = answers.get(path)?.shift() ?? 204;
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status >= 400 ? `receiver says no (${status})` : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  environment.set({ FOCAL_TOOL_HOSTS: `127.0.0.1:${port}` });
  ({ handle } = await startDemoApp([]));
  writer = await loopApiKey(handle, ["agents:write", "agents:read"]);
  reader = await loopApiKey(handle, ["agents:read"]);
}, 60_000);

afterAll(async () => {
  await stopJobQueue();
  await new Promise((resolve) => server?.close(resolve));
  await handle?.close();
});

/** A fresh copy of the demo under its own key. */
async function freshAgent(): Promise<{ key: string; id: string }> {
  agentCount += 1;
  const key = `hooked-${agentCount}`;
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key, name: `Hooked ${agentCount}` } },
    SYSTEM_ACTOR,
    "setup",
  );
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("import failed");
  return { key, id: agent.id };
}

const hookUrl = (path: string) => `http://127.0.0.1:${port}${path}`;

async function create(agentKey: string, body: unknown, key = writer) {
  const response = await callWithKey(
    createRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/webhooks`,
    { key: agentKey },
    key,
    body,
  );
  return { status: response.status, body: await response.json() };
}

async function deliveries(agentKey: string, id: string) {
  const response = await callWithKey(
    deliveriesRoute as RouteHandler,
    "GET",
    `/api/v1/agents/${agentKey}/webhooks/${id}/deliveries`,
    { key: agentKey, id },
    reader,
  );
  expect(response.status).toBe(200);
  return (await response.json()).deliveries as {
    id: string;
    state: string;
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    last_response: string | null;
    next_attempt_at: string | null;
    event_type: string;
  }[];
}

function emit(agentId: string, type: WebhookEventType, data: Record<string, unknown> = {}) {
  return handle.db.transaction((tx) => queueWebhookEvent(tx, { agentId, type, data }));
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("webhook deliveries", () => {
  it("POSTs the event signed with the webhook's secret, with its id and timestamp, and logs it delivered", async () => {
    const agent = await freshAgent();
    const created = await create(agent.key, { url: hookUrl("/signed"), events: ["handoff.requested"] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const before = Math.floor(Date.now() / 1000);
    const [deliveryId] = await emit(agent.id, "handoff.requested", { reason: "customer asked for a person" });

    const [got] = await until(
      "the receiver",
      async () => received.get("/signed") ?? [],
      (r) => r.length > 0,
    );
    const timestamp = Number(got?.headers["focal-webhook-timestamp"]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const expected = createHmac("sha256", created.body.secret).update(`${timestamp}.${got?.body}`).digest("hex");
    expect(got?.headers["focal-webhook-signature"]).toBe(`v1=${expected}`);
    // Another secret does not verify.
    const forged = createHmac("sha256", "whsec_other").update(`${timestamp}.${got?.body}`).digest("hex");
    expect(got?.headers["focal-webhook-signature"]).not.toBe(`v1=${forged}`);
    const payload = JSON.parse(got?.body ?? "{}");
    expect(payload).toEqual({
      id: got?.headers["focal-webhook-id"],
      type: "handoff.requested",
      created_at: expect.any(String),
      agent: { key: agent.key },
      data: { reason: "customer asked for a person" },
    });

    const [logged] = await until(
      "delivered",
      () => deliveries(agent.key, created.body.id),
      (d) => d[0]?.state === "delivered",
    );
    expect(logged).toMatchObject({
      id: deliveryId,
      state: "delivered",
      attempts: 1,
      last_status: 204,
      last_error: null,
    });
  }, 30_000);

  it("retries a receiver that answered 500 after 30 s, then logs it delivered on the second attempt", async () => {
    const agent = await freshAgent();
    answers.set("/flaky", [500]);
    const created = await create(agent.key, { url: hookUrl("/flaky"), events: ["approval.requested"] });
    const [deliveryId = ""] = await emit(agent.id, "approval.requested", { approval_id: "a-1" });

    const [first] = await until(
      "the first attempt",
      () => deliveries(agent.key, created.body.id),
      (d) => d[0]?.attempts === 1 && d[0]?.last_status !== null,
    );
    expect(first).toMatchObject({ state: "pending", last_status: 500, last_error: "answered 500" });
    expect(first?.last_response).toBe("receiver says no (500)");
    const wait = new Date(first?.next_attempt_at ?? 0).getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    // The second attempt is queued as its own job, due when the log says.
    const queued = await until(
      "the second attempt's job",
      () =>
        handle.db
          .select()
          .from(jobRuns)
          .where(
            and(
              eq(jobRuns.kind, "webhook.deliver"),
              eq(jobRuns.status, "queued"),
              sql`${jobRuns.request} ->> 'delivery_id' = ${deliveryId}`,
            ),
          ),
      (jobs) => jobs.length > 0,
    );
    expect(queued.map((job) => job.request.attempt)).toEqual([2]);
    expect(
      Math.abs((queued[0]?.runAfter.getTime() ?? 0) - new Date(first?.next_attempt_at ?? 0).getTime()),
    ).toBeLessThan(1000);

    // That job's attempt, run now rather than in 30 s.
    expect(await attemptDelivery(handle.db, jobQueueFor(handle.db), deliveryId, 2)).toMatchObject({
      state: "delivered",
    });
    const [second] = await deliveries(agent.key, created.body.id);
    expect(second).toMatchObject({ state: "delivered", attempts: 2, last_status: 204, next_attempt_at: null });
    expect(received.get("/flaky")).toHaveLength(2);
    // Both attempts carry the same event id, so a receiver can drop a repeat.
    const ids = received.get("/flaky")?.map((r) => r.headers["focal-webhook-id"]);
    expect(new Set(ids).size).toBe(1);
    // The job queued for attempt 2 finds it taken and sends nothing.
    expect(await attemptDelivery(handle.db, jobQueueFor(handle.db), deliveryId, 2)).toEqual({ state: "skipped" });
  }, 30_000);

  it("sends only subscribed events to enabled webhooks, and nothing for an event whose transaction rolled back", async () => {
    const agent = await freshAgent();
    const created = await create(agent.key, { url: hookUrl("/picky"), events: ["handoff.claimed"] });
    const disabled = await create(agent.key, { url: hookUrl("/off"), events: ["message.operator"], enabled: false });
    expect(disabled.status).toBe(201);

    expect(await emit(agent.id, "message.operator", { text: "Hello, I am Sam" })).toEqual([]);
    expect(await emit(agent.id, "handoff.returned")).toEqual([]);
    await expect(
      handle.db.transaction(async (tx) => {
        await queueWebhookEvent(tx, { agentId: agent.id, type: "handoff.claimed", data: { by: "rolled back" } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await emit(agent.id, "handoff.claimed", { by: "sam@focal.test" });

    await until(
      "delivered",
      () => deliveries(agent.key, created.body.id),
      (d) => d[0]?.state === "delivered",
    );
    const picky = received.get("/picky") ?? [];
    expect(picky.map((r) => JSON.parse(r.body).data)).toEqual([{ by: "sam@focal.test" }]);
    expect(received.get("/off")).toBeUndefined();
    expect(await deliveries(agent.key, created.body.id)).toHaveLength(1);
    expect(await deliveries(agent.key, disabled.body.id)).toEqual([]);
  }, 30_000);

  it("refuses at send time a URL the host policy no longer allows, without calling it or retrying", async () => {
    const agent = await freshAgent();
    const created = await create(agent.key, { url: hookUrl("/revoked"), events: ["handoff.requested"] });
    expect(created.status).toBe(201);
    await withEnv({ FOCAL_TOOL_HOSTS: "" }, async () => {
      await emit(agent.id, "handoff.requested");
      const [logged] = await until(
        "the refusal",
        () => deliveries(agent.key, created.body.id),
        (d) => d[0]?.state === "failed",
      );
      expect(logged?.attempts).toBe(1);
      expect(logged?.last_status).toBeNull();
      expect(logged?.last_error).toContain("refused");
      expect(logged?.last_error).toContain("private address 127.0.0.1");
      expect(logged?.next_attempt_at).toBeNull();
      expect(received.get("/revoked")).toBeUndefined();
    });
  }, 30_000);
  it("sends a delivery whose dispatch was lost (the process died after the commit) on the next sweep", async () => {
    const agent = await freshAgent();
    const created = await create(agent.key, { url: hookUrl("/stranded"), events: ["handoff.returned"] });
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const body = JSON.stringify({ id: crypto.randomUUID(), type: "handoff.returned", data: {} });
    // A row as queueWebhookEvent writes it, whose dispatcher never ran.
    await handle.db.insert(webhookDeliveries).values({
      webhookId: created.body.id,
      agentId: agent.id,
      eventId: crypto.randomUUID(),
      eventType: "handoff.returned",
      body,
      nextAttemptAt: twoMinutesAgo,
      createdAt: twoMinutesAgo,
    });
    expect((await deliveries(agent.key, created.body.id))[0]).toMatchObject({ state: "pending", attempts: 0 });

    expect((await sweepWebhookDeliveries(handle.db, jobQueueFor(handle.db))).requeued).toBeGreaterThanOrEqual(1);
    await until(
      "delivered",
      () => deliveries(agent.key, created.body.id),
      (d) => d[0]?.state === "delivered",
    );
    expect(received.get("/stranded")?.map((r) => r.body)).toEqual([body]);
  }, 30_000);
});

describe("webhook configuration over REST", () => {
  it("refuses private, loopback and non-http URLs and unknown events with 422 naming the field, writing nothing", async () => {
    const agent = await freshAgent();
    const before = await tableCounts(handle);
    const refusals: [unknown, string, RegExp][] = [
      [{ url: `http://127.0.0.1:${port + 1}/x`, events: ["handoff.requested"] }, "url", /private address 127\.0\.0\.1/],
      [{ url: "http://10.1.2.3/x", events: ["handoff.requested"] }, "url", /private address 10\.1\.2\.3/],
      [{ url: "http://169.254.169.254/latest", events: ["handoff.requested"] }, "url", /private address/],
      [{ url: "http://[::1]/x", events: ["handoff.requested"] }, "url", /private address/],
      [{ url: `http://localhost:${port}/x`, events: ["handoff.requested"] }, "url", /resolves to the private address/],
      [{ url: "ftp://93.184.216.34/x", events: ["handoff.requested"] }, "url", /http and https/],
      [{ url: "https://user:pw@93.184.216.34/x", events: ["handoff.requested"] }, "url", /password/],
      [{ url: "https://93.184.216.34/x", events: ["handoff.escalated"] }, "events[0]", /handoff\.requested/],
      [{ url: "https://93.184.216.34/x", events: [] }, "events", /at least one/],
    ];
    for (const [body, path, reason] of refusals) {
      const answer = await create(agent.key, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const issue = answer.body.errors.find((e: { path: string }) => e.path === path);
      expect(issue?.message, JSON.stringify(answer.body)).toMatch(reason);
    }
    expect(await tableCounts(handle)).toEqual(before);
  }, 30_000);

  it("creates, lists without the secret, changes and deletes a webhook, each in the ledger without the secret", async () => {
    const agent = await freshAgent();
    const created = await create(agent.key, {
      url: `${hookUrl("/ledgered")}?token=abc`,
      events: ["handoff.requested"],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const listed = await (
      await callWithKey(
        listRoute as RouteHandler,
        "GET",
        `/api/v1/agents/${agent.key}/webhooks`,
        { key: agent.key },
        reader,
      )
    ).json();
    expect(listed.webhooks).toEqual([expect.objectContaining({ id, enabled: true, events: ["handoff.requested"] })]);
    expect(JSON.stringify(listed)).not.toContain(created.body.secret);

    const path = `/api/v1/agents/${agent.key}/webhooks/${id}`;
    const patched = await callWithKey(patchRoute as RouteHandler, "PATCH", path, { key: agent.key, id }, writer, {
      enabled: false,
      events: ["handoff.requested", "message.operator"],
    });
    expect(await patched.json()).toMatchObject({ enabled: false, events: ["handoff.requested", "message.operator"] });
    const badPatch = await callWithKey(patchRoute as RouteHandler, "PATCH", path, { key: agent.key, id }, writer, {
      url: "http://192.168.1.1/hook",
    });
    expect(badPatch.status).toBe(422);
    const deleted = await callWithKey(deleteRoute as RouteHandler, "DELETE", path, { key: agent.key, id }, writer);
    expect(await deleted.json()).toEqual({ deleted: id });

    const events = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.agentId, agent.id));
    const mine = events.filter((e) => e.type.startsWith("WEBHOOK_"));
    expect(mine.map((e) => e.type)).toEqual(["WEBHOOK_CREATED", "WEBHOOK_UPDATED", "WEBHOOK_DELETED"]);
    expect(mine[0]?.payload).toMatchObject({
      webhook_id: id,
      url: hookUrl("/ledgered"),
      events: ["handoff.requested"],
    });
    expect(mine[1]?.payload).toMatchObject({ diff: { enabled: { before: true, after: false } } });
    const text = JSON.stringify(mine);
    expect(text).not.toContain(created.body.secret);
    expect(text).not.toContain("token=abc");
  }, 30_000);

  it("lets a reader list but not write, and answers 404 to a key limited to another agent, writing nothing", async () => {
    const agent = await freshAgent();
    const elsewhere = await freshAgent();
    const limited = (
      await handle.db.transaction((tx) =>
        createApiKey(
          tx,
          { name: "elsewhere", scopes: ["agents:read", "agents:write"], agents: [elsewhere.key] },
          SYSTEM_ACTOR,
          "s",
        ),
      )
    ).key;
    const created = await create(agent.key, { url: hookUrl("/guarded"), events: ["handoff.requested"] });
    const id = created.body.id as string;
    const before = await tableCounts(handle);

    expect((await create(agent.key, { url: hookUrl("/x"), events: ["handoff.requested"] }, reader)).status).toBe(403);
    const path = `/api/v1/agents/${agent.key}/webhooks/${id}`;
    const readerDelete = await callWithKey(deleteRoute as RouteHandler, "DELETE", path, { key: agent.key, id }, reader);
    expect(readerDelete.status).toBe(403);

    expect((await create(agent.key, { url: hookUrl("/x"), events: ["handoff.requested"] }, limited)).status).toBe(404);
    const outside = [
      await callWithKey(
        listRoute as RouteHandler,
        "GET",
        `/api/v1/agents/${agent.key}/webhooks`,
        { key: agent.key },
        limited,
      ),
      await callWithKey(patchRoute as RouteHandler, "PATCH", path, { key: agent.key, id }, limited, { enabled: false }),
      await callWithKey(deleteRoute as RouteHandler, "DELETE", path, { key: agent.key, id }, limited),
      await callWithKey(deliveriesRoute as RouteHandler, "GET", `${path}/deliveries`, { key: agent.key, id }, limited),
    ];
    expect(outside.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    // The webhook's id under the agent the key does reach is no webhook there either.
    const crossed = await callWithKey(
      deleteRoute as RouteHandler,
      "DELETE",
      `/api/v1/agents/${elsewhere.key}/webhooks/${id}`,
      { key: elsewhere.key, id },
      limited,
    );
    expect(crossed.status).toBe(404);
    expect(await tableCounts(handle)).toEqual(before);
  }, 30_000);

  it("tells a subscribed helpdesk of a handoff, its claim, the operator's words and the return, ordered by created_at", async () => {
    const agent = await freshAgent();
    const created = await create(agent.key, {
      url: hookUrl("/helpdesk"),
      events: ["handoff.requested", "handoff.claimed", "handoff.returned", "message.operator"],
    });
    expect(created.status).toBe(201);
    const row = await getAgentByKey(handle.db, agent.key);
    if (!row) throw new Error("agent missing");
    const sessionId = (await createSession(handle.db, { agent: row, channel: "api", createdBy: "test" })).id;
    const acting = { actor: SYSTEM_ACTOR, requestId: "req" };
    const { handoff } = await requestOperatorHandoff(handle.db, { ...acting, sessionId, reason: "VIP complaint" });
    await claimHandoff(handle.db, { ...acting, handoffId: handoff.id });
    await postOperatorMessage(handle.db, { ...acting, sessionId, text: "Hello, I am Dana from support." });
    await returnHandoff(handle.db, { ...acting, handoffId: handoff.id, note: "refund approved" });

    const got = await until(
      "four deliveries",
      async () => received.get("/helpdesk") ?? [],
      (r) => r.length >= 4,
    );
    // Deliveries run side by side and retry on their own, so they may arrive in any order; each
    // body's created_at orders them (docs/webhooks.md).
    const bodies = got
      .map((r) => JSON.parse(r.body))
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    expect(bodies.map((b) => b.type)).toEqual([
      "handoff.requested",
      "handoff.claimed",
      "message.operator",
      "handoff.returned",
    ]);
    for (const body of bodies) expect(body.data).toMatchObject({ session_id: sessionId, handoff_id: handoff.id });
    expect(bodies[0].data).toMatchObject({ reason: "operator", detail: "VIP complaint" });
    expect(bodies[2].data.text).toBe("Hello, I am Dana from support.");
    // The return note is for the agent, not the helpdesk.
    expect(JSON.stringify(bodies[3])).not.toContain("refund approved");
    const secret = created.body.secret as string;
    for (const r of got) {
      const signed = `${r.headers["focal-webhook-timestamp"]}.${r.body}`;
      expect(r.headers["focal-webhook-signature"]).toBe(
        `v1=${createHmac("sha256", secret).update(signed).digest("hex")}`,
      );
    }
  }, 60_000);
});
