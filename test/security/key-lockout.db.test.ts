import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createKeyRoute } from "@/app/api/v1/agents/[key]/publishable-keys/route";
import { POST as sessionsRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as listWebhooksRoute } from "@/app/api/v1/agents/[key]/webhooks/route";
import type { DatabaseHandle } from "@/db/client";
import { peerHeader } from "../support/auth-requests";
import { startDemoApp } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { ORIGIN } from "../support/request-headers";
import { callRoute, type RouteHandler } from "../support/response-contract";
import { callWithKey } from "../support/route-call";

// Wrong keys from one address never lock out a valid key used from it (a shared proxy or NAT): the key
// is looked up first, and only wrong ones are counted and refused (lib/server/auth/invalid-key-limit.ts).

const SHOP = "https://shop.example.com";
let handle: DatabaseHandle;
let admin: string;
let pk: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
  const created = await callWithKey(
    createKeyRoute as RouteHandler,
    "POST",
    "/api/v1/agents/refund-desk/publishable-keys",
    { key: "refund-desk" },
    admin,
    { label: "Shop", allowed_origins: [SHOP] },
  );
  expect(created.status).toBe(201);
  pk = (await created.json()).key;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

function withKey(key: string, peer: string) {
  return listWebhooksRoute(
    new Request(`${ORIGIN}/api/v1/agents/refund-desk/webhooks`, {
      headers: { authorization: `Bearer ${key}`, ...peerHeader(peer) },
    }),
    { params: Promise.resolve({ key: "refund-desk" }) },
  );
}

function startWidgetSession(key: string, peer: string) {
  return callRoute(
    sessionsRoute as RouteHandler,
    new Request(`${ORIGIN}/api/v1/agents/refund-desk/sessions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        origin: SHOP,
        ...peerHeader(peer),
      },
      body: "{}",
    }),
    { key: "refund-desk" },
  );
}

describe("wrong keys from an address", () => {
  it("40 wrong API keys: the first 30 get 401, the rest 429; the admin key and a publishable key still get in", async () => {
    const peer = "198.51.100.40";
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await withKey(`fk_wrong-${i}`, peer)).status);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);

    expect((await withKey(admin, peer)).status).toBe(200);
    expect((await startWidgetSession(pk, peer)).status).toBe(201);
    // Wrong keys are still refused, as wrong keys, with the time left.
    const wrongPk = await startWidgetSession("pk_wrong", peer);
    expect(wrongPk.status).toBe(429);
    expect(Number(wrongPk.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await withKey("fk_wrong-again", peer)).status).toBe(429);
  });

  it("counts wrong publishable keys with wrong API keys, and leaves the valid ones alone", async () => {
    const peer = "198.51.100.41";
    for (let i = 0; i < 35; i++) await startWidgetSession(`pk_wrong-${i}`, peer);
    expect((await withKey("fk_wrong", peer)).status).toBe(429);
    expect((await startWidgetSession(pk, peer)).status).toBe(201);
    expect((await withKey(admin, peer)).status).toBe(200);
  });

  it("counts an IPv6 client per /64: rotating addresses inside it shares one count, the next /64 has its own", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await withKey(`fk_wrong-${i}`, `2001:db8:40:1::${i + 1}`)).status);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect((await withKey("fk_wrong", "2001:db8:40:2::1")).status).toBe(401);
    expect((await withKey(admin, "2001:db8:40:1::99")).status).toBe(200);
  });
});
