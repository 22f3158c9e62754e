import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { callConfig, KIND_CASES, lastLedgerEvent } from "../support/config-rest";
import { agentRow } from "../support/config-save-checks";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";

// Every kind of configuration entity over REST (docs/config-as-code.md), one table over the five:
// list, read, create, replace and delete through the editors' save path, each write one config
// version and one CONFIG_CHANGED event; and every refusal (stale If-Match, bad body, unknown key,
// missing scope) writing nothing. The demo's tests gate is off here: its own cases are in
// config-references.db.test.ts.

const AGENT = "refund-desk";
let handle: DatabaseHandle;
let writer: string;
let reader: string;
let agentsOnly: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  writer = await loopApiKey(handle, ["config:read", "config:write"]);
  reader = await loopApiKey(handle, ["config:read"]);
  agentsOnly = await loopApiKey(handle, ["agents:read", "agents:write"]);
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const version = async () => (await agentRow(handle, AGENT)).configVersion;

/** The call answers `status` and not one row of any table changed, nor the config version. */
async function expectNothingWritten(status: number, call: () => Promise<Response>) {
  const counts = await tableCounts(handle);
  const before = await version();
  const response = await call();
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(await tableCounts(handle)).toEqual(counts);
  expect(await version()).toBe(before);
  return body;
}

describe.each(KIND_CASES)("$kind over REST", (c) => {
  const key = (suffix: string) => `rest_${c.entity}_${suffix}`;
  const at = (entityKey?: string, more: { body?: unknown; ifMatch?: string; apiKey?: string } = {}) => ({
    agent: AGENT,
    entityKey,
    apiKey: writer,
    ...more,
  });

  it("lists and reads with the config_version in the body and as ETag", async () => {
    const now = await version();
    const list = await callConfig(c.kind, "GET", at(undefined, { apiKey: reader }));
    expect(list.status).toBe(200);
    expect(list.headers.get("etag")).toBe(`"${now}"`);
    const listed = await list.json();
    expect(listed.config_version).toBe(now);
    const entries = listed[c.kind.replace("-", "_")] as Record<string, unknown>[];
    expect(entries.map((e) => e[c.keyField])).toContain(c.existing);

    const one = await callConfig(c.kind, "GET", at(c.existing, { apiKey: reader }));
    expect(one.status).toBe(200);
    expect(one.headers.get("etag")).toBe(`"${now}"`);
    expect((await one.json())[c.entity]).toEqual(entries.find((e) => e[c.keyField] === c.existing));
  });

  it("creates, replaces and deletes, each one config version and one CONFIG_CHANGED by the key", async () => {
    const own = c.fresh(key("crud"));
    const before = await version();
    const created = await callConfig(c.kind, "POST", at(undefined, { body: own }));
    const body = await created.json();
    expect(created.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      config_version: before + 1,
      changed: true,
      [c.entity]: { [c.keyField]: key("crud") },
    });
    expect(created.headers.get("etag")).toBe(`"${before + 1}"`);
    expect(await lastLedgerEvent(handle)).toMatchObject({
      type: "CONFIG_CHANGED",
      actorKind: "api_key",
      payload: { entity: c.entity, key: key("crud"), action: "created", config_version_after: before + 1 },
    });

    const edited = c.edit(body[c.entity]);
    const put = await callConfig(c.kind, "PUT", at(key("crud"), { body: edited, ifMatch: `"${before + 1}"` }));
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ config_version: before + 2, changed: true, [c.entity]: edited });
    expect((await lastLedgerEvent(handle))?.payload).toMatchObject({
      action: "updated",
      config_version_after: before + 2,
    });

    // The same body again changes nothing: no version, no event.
    const again = await callConfig(c.kind, "PUT", at(key("crud"), { body: edited }));
    expect(await again.json()).toMatchObject({ config_version: before + 2, changed: false });

    const deleted = await callConfig(c.kind, "DELETE", at(key("crud"), { ifMatch: String(before + 2) }));
    expect(await deleted.json()).toEqual({ config_version: before + 3, changed: true, deleted: key("crud") });
    expect((await lastLedgerEvent(handle))?.payload).toMatchObject({ action: "deleted", key: key("crud") });
    expect((await callConfig(c.kind, "GET", at(key("crud")))).status).toBe(404);
  });

  it("a new key in a PUT body renames the entity", async () => {
    await callConfig(c.kind, "POST", at(undefined, { body: c.fresh(key("old")) }));
    const renamed = await callConfig(c.kind, "PUT", at(key("old"), { body: c.fresh(key("new")) }));
    expect(renamed.status).toBe(200);
    expect((await lastLedgerEvent(handle))?.payload).toMatchObject({ key: key("new"), previous_key: key("old") });
    expect((await callConfig(c.kind, "GET", at(key("old")))).status).toBe(404);
    expect((await callConfig(c.kind, "GET", at(key("new")))).status).toBe(200);
  });

  it("a stale If-Match is 412 with the current version, and nothing is written", async () => {
    await callConfig(c.kind, "POST", at(undefined, { body: c.fresh(key("stale")) }));
    const now = await version();
    const stale = `"${now - 1}"`;
    const put = await expectNothingWritten(412, () =>
      callConfig(c.kind, "PUT", at(key("stale"), { body: c.edit(c.fresh(key("stale"))), ifMatch: stale })),
    );
    expect(put).toMatchObject({ error: { code: "PRECONDITION_FAILED" }, config_version: now });
    expect(put.error.message).toContain(`is at v${now}, but you loaded v${now - 1}`);
    await expectNothingWritten(412, () => callConfig(c.kind, "DELETE", at(key("stale"), { ifMatch: stale })));
    await expectNothingWritten(412, () =>
      callConfig(c.kind, "POST", at(undefined, { body: c.fresh(key("stale2")), ifMatch: stale })),
    );
    const garbled = await expectNothingWritten(400, () =>
      callConfig(c.kind, "DELETE", at(key("stale"), { ifMatch: "yesterday" })),
    );
    expect(garbled.error.code).toBe("BAD_REQUEST");
  });

  it("a body the bundle schema refuses is 422 naming the field, and nothing is written", async () => {
    const bad = c.bad.body(c.fresh(key("bad")));
    const created = await expectNothingWritten(422, () => callConfig(c.kind, "POST", at(undefined, { body: bad })));
    expect(created.errors.map((e: { path: string }) => e.path)).toContain(c.bad.path);
    const replaced = await expectNothingWritten(422, () => callConfig(c.kind, "PUT", at(c.existing, { body: bad })));
    expect(replaced.errors.map((e: { path: string }) => e.path)).toContain(c.bad.path);
  });

  it("an unknown entity key is 404 for GET, PUT and DELETE, and nothing is written", async () => {
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const body = method === "PUT" ? c.fresh(key("nowhere")) : undefined;
      const answer = await expectNothingWritten(404, () => callConfig(c.kind, method, at(key("nowhere"), { body })));
      expect(answer.error.code).toBe("NOT_FOUND");
    }
  });

  it("reads need config:read and writes config:write (403), and nothing is written", async () => {
    await expectNothingWritten(403, () =>
      callConfig(c.kind, "POST", at(undefined, { body: c.fresh(key("scope")), apiKey: reader })),
    );
    await expectNothingWritten(403, () => callConfig(c.kind, "DELETE", at(c.existing, { apiKey: reader })));
    await expectNothingWritten(403, () => callConfig(c.kind, "GET", at(c.existing, { apiKey: agentsOnly })));
    await expectNothingWritten(403, () => callConfig(c.kind, "GET", at(undefined, { apiKey: agentsOnly })));
  });
});
