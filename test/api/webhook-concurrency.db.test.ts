import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { insertWebhook } from "@/db/queries/webhooks";
import { webhookDeliveries } from "@/db/schema";
import type { AgentRow } from "@/db/types";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import { jobQueueFor, stopJobQueue } from "@/lib/server/jobs/process-queue";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { attemptDelivery } from "@/lib/webhooks/server/deliver-webhook";
import { queueWebhookEvent } from "@/lib/webhooks/server/queue-webhook-event";
import { createWebhook, listDeliveries } from "@/lib/webhooks/server/webhook-config";
import { fileEnv } from "@/test/support/file-env";
import { startDemoApp } from "../support/focal-test-app";

// Deliveries run side by side: four receivers of one agent that take 3 s each to answer do not hold
// up another agent's delivery, and a name whose DNS turns inward between the check and the
// connection is refused. Two receivers on 127.0.0.1 (a slow one, a quick one), allowed exactly.

const SLOW_MS = 3_000;
let handle: DatabaseHandle;
let slow: Server;
let quick: Server;
let slowPort: number;
let quickPort: number;
const slowArrivals: { path: string; at: number }[] = [];
const quickArrivals: { path: string; at: number }[] = [];
const environment = fileEnv();
let agents = 0;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  slow = createServer((request, response) => {
    request.resume();
    slowArrivals.push({ path: request.url ?? "", at: Date.now() });
    setTimeout(() => response.writeHead(204).end(), SLOW_MS);
  });
  quick = createServer((request, response) => {
    request.resume();
    quickArrivals.push({ path: request.url ?? "", at: Date.now() });
    response.writeHead(204).end();
  });
  slowPort = await listen(slow);
  quickPort = await listen(quick);
  environment.set({ FOCAL_TOOL_HOSTS: `127.0.0.1:${slowPort} 127.0.0.1:${quickPort}` });
  ({ handle } = await startDemoApp([]));
}, 60_000);

afterAll(async () => {
  await stopJobQueue();
  slow?.closeAllConnections();
  await Promise.all([slow, quick].map((server) => new Promise((resolve) => server?.close(resolve))));
  await handle?.close();
});

async function freshAgent(): Promise<AgentRow> {
  agents += 1;
  const key = `busy-${agents}`;
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key, name: `Busy ${agents}` } },
    SYSTEM_ACTOR,
    "setup",
  );
  const agent = await getAgentByKey(handle.db, key);
  if (!agent) throw new Error("import failed");
  return agent;
}

const hook = (db: DatabaseHandle["db"], agent: AgentRow, url: string) =>
  createWebhook(
    db,
    agent,
    { url, events: ["handoff.requested"], enabled: true },
    {
      actor: SYSTEM_ACTOR,
      requestId: "setup",
      fullUrls: true,
    },
  );

const emit = (agent: AgentRow) =>
  handle.db.transaction((tx) => queueWebhookEvent(tx, { agentId: agent.id, type: "handoff.requested", data: {} }));

async function until(what: string, done: () => boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("webhook deliveries side by side", () => {
  it("delivers another agent's event within 2 s while four slow receivers of one agent hold their requests", async () => {
    const busy = await freshAgent();
    const other = await freshAgent();
    for (const path of ["/a", "/b", "/c", "/d"]) await hook(handle.db, busy, `http://127.0.0.1:${slowPort}${path}`);
    await hook(handle.db, other, `http://127.0.0.1:${quickPort}/other`);

    await emit(busy);
    // The slow receiver has its requests in hand (2 at a time: one origin) before the other agent's event.
    await until("the slow receiver's first requests", () => slowArrivals.length >= 2, 5_000);
    const emittedAt = Date.now();
    await emit(other);
    await until("the other agent's delivery", () => quickArrivals.length === 1, 2_000);
    expect((quickArrivals[0]?.at ?? Number.POSITIVE_INFINITY) - emittedAt).toBeLessThan(2_000);

    // One receiver origin never has more than 2 requests in flight; all four are delivered in the end.
    await until("all four slow deliveries", () => slowArrivals.length === 4, 4 * SLOW_MS);
    const [first, second, third] = slowArrivals;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeLessThan(SLOW_MS / 2);
    expect((third?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(SLOW_MS - 100);
    await jobQueueFor(handle.db).settled();
  }, 30_000);

  it("refuses a delivery whose name rebinds from a public address at the check to loopback at the connection", async () => {
    const agent = await freshAgent();
    // Written as a save would, for a name only this case's resolver knows; FOCAL_TOOL_HOSTS names only
    // 127.0.0.1 ports, not this host, so the name's addresses are checked.
    const webhook = await insertWebhook(handle.db, agent.id, {
      url: `http://rebind.example.test:${quickPort}/rebind`,
      secret: "whsec_test",
      enabled: true,
      events: ["handoff.requested"],
      createdBy: "test",
    });
    const [delivery] = await handle.db
      .insert(webhookDeliveries)
      .values({
        webhookId: webhook.id,
        agentId: agent.id,
        eventId: crypto.randomUUID(),
        eventType: "handoff.requested",
        body: "{}",
        nextAttemptAt: new Date(),
      })
      .returning();
    const calls: string[] = [];
    const rebinding = async (hostname: string) => {
      calls.push(hostname);
      return [{ address: calls.length === 1 ? "93.184.216.34" : "127.0.0.1", family: 4 }];
    };
    const report = await attemptDelivery(handle.db, jobQueueFor(handle.db), delivery?.id ?? "", 1, rebinding);
    expect(report.state).toBe("failed");
    expect(report.error).toContain("refused");
    expect(report.error).toContain("private address 127.0.0.1");
    expect(calls).toEqual(["rebind.example.test", "rebind.example.test"]);
    expect(quickArrivals.filter((arrival) => arrival.path === "/rebind")).toEqual([]);
    const [logged] = await listDeliveries(handle.db, agent, webhook.id);
    expect(logged).toMatchObject({ state: "failed", attempts: 1, next_attempt_at: null });
  });
});
