import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATCH as patchRoute } from "@/app/api/v1/agents/[key]/webhooks/[id]/route";
import { POST as createRoute, GET as listRoute } from "@/app/api/v1/agents/[key]/webhooks/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { loadWebhooksSection } from "@/lib/webhooks/server/load-webhooks-section";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";

// A receiver's token often rides in the webhook URL's query string: admins see URLs whole, everyone
// else (agents:read and agents:write keys, the console below admin) sees scheme, host and path.

const URL_WITH_TOKEN = "http://93.184.216.34/hooks/focal?token=s3cret-token&team=7";
const URL_SHOWN = "http://93.184.216.34/hooks/focal";
let handle: DatabaseHandle;
let admin: string;
let reader: string;
let writer: string;
let webhookId: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
  reader = await loopApiKey(handle, ["agents:read"]);
  writer = await loopApiKey(handle, ["agents:read", "agents:write"]);
  const created = await callWithKey(
    createRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/webhooks",
    { key: "refund-desk" },
    admin,
    { url: URL_WITH_TOKEN, events: ["handoff.requested"] },
  );
  expect(created.status).toBe(201);
  const body = await created.json();
  expect(body.url).toBe(URL_WITH_TOKEN);
  webhookId = body.id;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

const list = async (key: string) => {
  const response = await callWithKey(
    listRoute as RouteHandler,
    "GET",
    "/api/v1/agents/refund-desk/webhooks",
    { key: "refund-desk" },
    key,
  );
  expect(response.status).toBe(200);
  return ((await response.json()).webhooks as { id: string; url: string }[]).find((w) => w.id === webhookId);
};

describe("webhook URLs shown to non-admins", () => {
  it("lists the URL without its query string to an agents:read key, and whole to an admin", async () => {
    expect((await list(reader))?.url).toBe(URL_SHOWN);
    expect((await list(writer))?.url).toBe(URL_SHOWN);
    expect((await list(admin))?.url).toBe(URL_WITH_TOKEN);
  });

  it("answers a designer's change without the query string, and keeps the stored URL whole", async () => {
    const patched = await callWithKey(
      patchRoute as RouteHandler,
      "PATCH",
      `/api/v1/agents/refund-desk/webhooks/${webhookId}`,
      { key: "refund-desk", id: webhookId },
      writer,
      { enabled: false },
    );
    expect(patched.status).toBe(200);
    const body = await patched.json();
    expect(body.url).toBe(URL_SHOWN);
    expect(JSON.stringify(body)).not.toContain("s3cret-token");
    expect((await list(admin))?.url).toBe(URL_WITH_TOKEN);
  });

  it("gives the console's Webhooks section the URL whole only for an admin", async () => {
    const agent = await getAgentByKey(handle.db, "refund-desk");
    if (!agent) throw new Error("no demo agent");
    const forViewer = await loadWebhooksSection(handle.db, agent, false);
    expect(forViewer.find((w) => w.id === webhookId)?.url).toBe(URL_SHOWN);
    expect(JSON.stringify(forViewer)).not.toContain("s3cret-token");
    const forAdmin = await loadWebhooksSection(handle.db, agent, true);
    expect(forAdmin.find((w) => w.id === webhookId)?.url).toBe(URL_WITH_TOKEN);
  });
});
