import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportAgent } from "@/app/api/v1/agents/[key]/export/route";
import { POST as importAgent } from "@/app/api/v1/agents/import/route";
import { GET as verifyLedger } from "@/app/api/v1/ledger/verify/route";
import type { DatabaseHandle } from "@/db/client";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { startTestApp, tableCounts } from "../support/focal-test-app";
import { ORIGIN } from "../support/request-headers";
import { callRoute } from "../support/response-contract";

const demo = fs.readFileSync("lib/demo/refund-desk.bundle.json", "utf8");
let handle: DatabaseHandle;
let writer: string;
let reader: string;

beforeAll(async () => {
  handle = await startTestApp();
  const make = (scopes: ("agents:write" | "agents:read" | "ledger:read")[]) =>
    handle.db.transaction((tx) => createApiKey(tx, { name: scopes.join(","), scopes }, SYSTEM_ACTOR, "setup"));
  writer = (await make(["agents:write", "agents:read"])).key;
  reader = (await make(["agents:read", "ledger:read"])).key;
});
afterAll(async () => {
  await handle?.close();
});

const post = (body: string, key = writer) =>
  callRoute(
    importAgent,
    new Request(`${ORIGIN}/api/v1/agents/import`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body,
    }),
  );
const get = (key: string, auth = reader) =>
  callRoute(
    exportAgent,
    new Request(`${ORIGIN}/api/v1/agents/${key}/export`, { headers: { authorization: `Bearer ${auth}` } }),
    { key },
  );

describe("REST bad input changes nothing", () => {
  it("malformed JSON → 400 naming the parse error", async () => {
    const before = await tableCounts(handle);
    const response = await post('{"focal_bundle": 1,');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/^Malformed JSON/);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("schema errors → 422 with every path", async () => {
    const before = await tableCounts(handle);
    const bundle = JSON.parse(demo);
    bundle.agent.key = "Not A Slug";
    bundle.rules[0].priority = "high";
    bundle.rules[1].scope = "PLANET";
    const response = await post(JSON.stringify(bundle));
    expect(response.status).toBe(422);
    const paths = (await response.json()).errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["agent.key", "rules[0].priority", "rules[1].scope"]));
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a phrases variable with an empty name, a name over 200 characters or over 500 names → 422 at each path", async () => {
    const before = await tableCounts(handle);
    const bundle = JSON.parse(demo);
    const at = bundle.variables.findIndex((v: { name: string }) => v.name === "competitor_mentioned");
    bundle.variables[at].phrases = ["QuickCart", "", "x".repeat(201)];
    const response = await post(JSON.stringify(bundle));
    expect(response.status).toBe(422);
    const errors = (await response.json()).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: `variables[${at}].phrases[1]`, message: "A name cannot be empty" },
        { path: `variables[${at}].phrases[2]`, message: "A name is at most 200 characters" },
      ]),
    );
    bundle.variables[at].phrases = Array.from({ length: 501 }, (_, i) => `Store ${i}`);
    const many = await post(JSON.stringify(bundle));
    expect(many.status).toBe(422);
    expect((await many.json()).errors).toContainEqual({
      path: `variables[${at}].phrases`,
      message: "At most 500 names",
    });
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("a key without agents:write → 403, nothing written", async () => {
    const before = await tableCounts(handle);
    expect((await post(demo, reader)).status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("unknown agent key → 404", async () => {
    const response = await get("no-such-agent");
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("NOT_FOUND");
  });

  it("a valid import → 201 with agent_id, key and config_version, then exports byte-identically", async () => {
    const response = await post(demo);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      key: "refund-desk",
      config_version: 1,
      agent_id: expect.any(String),
    });
    const exported = await get("refund-desk");
    expect(exported.status).toBe(200);
    expect(await exported.text()).toBe(demo);
    const again = await post(demo);
    expect(await again.json()).toMatchObject({ key: "refund-desk", config_version: 2 });
  });

  it("limit words and phrases survive import → export unchanged", async () => {
    const bundle = JSON.parse(demo);
    bundle.agent.key = "limits-and-names";
    const refund = bundle.variables.find((v: { name: string }) => v.name === "refund_amount");
    refund.limit_words = ["allowance", "ceiling price"];
    const text = `${JSON.stringify(bundle, null, 2)}\n`;
    expect((await post(text)).status).toBe(201);
    const exported = await (await get("limits-and-names")).json();
    expect(exported.variables.find((v: { name: string }) => v.name === "refund_amount").limit_words).toEqual([
      "allowance",
      "ceiling price",
    ]);
    expect(exported.variables.find((v: { name: string }) => v.name === "competitor_mentioned")).toMatchObject({
      type: "phrases",
      phrases: ["QuickCart", "MegaMart", "ShopNest", "BargainBay"],
    });
  });

  it("the ledger verifies after the imports", async () => {
    const response = await callRoute(
      verifyLedger,
      new Request(`${ORIGIN}/api/v1/ledger/verify`, { headers: { authorization: `Bearer ${reader}` } }),
    );
    expect(await response.json()).toMatchObject({ is_intact: true, broken_at: null });
  });
});
