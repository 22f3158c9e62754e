import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteEnvironmentRoute } from "@/app/api/v1/agents/[key]/environments/[name]/route";
import { POST as createEnvironmentRoute } from "@/app/api/v1/agents/[key]/environments/route";
import { POST as createKeyRoute, GET as listKeysRoute } from "@/app/api/v1/agents/[key]/publishable-keys/route";
import type { DatabaseHandle } from "@/db/client";
import { sessions } from "@/db/schema";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";
import { createWidgetKey, freshWidgetAgent, SHOP, startWidgetSession } from "../support/widget-requests";

// Which environments a publishable key reaches (docs/widget.md#environments): released ones it lists,
// production by default, never draft; any other name — forbidden, deleted or never made — gets one and
// the same answer, so a page cannot learn which environments an agent has.

let handle: DatabaseHandle;
let admin: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function addEnvironment(agentKey: string, name: string) {
  const response = await callWithKey(
    createEnvironmentRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/environments`,
    { key: agentKey },
    admin,
    { name },
  );
  expect(response.status).toBe(201);
}

/** The answer a page gets for an environment, without the request id (each answer has its own). */
async function answerFor(agentKey: string, pk: string, environment: string) {
  const response = await startWidgetSession(agentKey, { pk, body: { environment } });
  const body = await response.json();
  if (body.error) body.error.request_id = "…";
  return { status: response.status, body };
}

async function environmentOf(sessionId: string) {
  const [row] = await handle.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row?.environment;
}

describe("a publishable key's environments", () => {
  it("by default production only: staging, draft and an unknown name get the same 422, and nothing is written", async () => {
    const agentKey = await freshWidgetAgent(handle);
    await addEnvironment(agentKey, "staging");
    const { key, environments } = await createWidgetKey(admin, agentKey);
    expect(environments).toEqual(["production"]);
    const before = await tableCounts(handle);
    const staging = await answerFor(agentKey, key, "staging");
    expect(staging.status).toBe(422);
    expect(staging.body.errors).toEqual([{ path: "environment", message: expect.any(String) }]);
    expect(JSON.stringify(staging.body)).not.toContain("staging");
    expect(await answerFor(agentKey, key, "no-such-env")).toEqual(staging);
    expect(await answerFor(agentKey, key, "draft")).toEqual(staging);
    expect(await tableCounts(handle)).toEqual(before);

    const production = await startWidgetSession(agentKey, { pk: key });
    expect(production.status).toBe(201);
    expect(await environmentOf((await production.json()).session_id)).toBe("production");
  });

  it("a key that lists staging starts sessions there; an unlisted or unknown name still answers alike", async () => {
    const agentKey = await freshWidgetAgent(handle);
    await addEnvironment(agentKey, "staging");
    await addEnvironment(agentKey, "canary");
    const { key } = await createWidgetKey(admin, agentKey, { environments: ["production", "staging"] });
    const started = await startWidgetSession(agentKey, { pk: key, body: { environment: "staging" } });
    expect(started.status).toBe(201);
    expect(await environmentOf((await started.json()).session_id)).toBe("staging");
    const canary = await answerFor(agentKey, key, "canary");
    expect(canary.status).toBe(422);
    expect(await answerFor(agentKey, key, "no-such-env")).toEqual(canary);
  });

  it("an environment the key lists but the agent deleted answers like one never made", async () => {
    const agentKey = await freshWidgetAgent(handle);
    await addEnvironment(agentKey, "staging");
    const { key } = await createWidgetKey(admin, agentKey, { environments: ["production", "staging"] });
    const deleted = await callWithKey(
      deleteEnvironmentRoute as RouteHandler,
      "DELETE",
      `/api/v1/agents/${agentKey}/environments/staging`,
      { key: agentKey, name: "staging" },
      admin,
    );
    expect(deleted.status).toBe(200);
    expect(await answerFor(agentKey, key, "staging")).toEqual(await answerFor(agentKey, key, "no-such-env"));
  });

  it("a key cannot list draft, an environment the agent lacks, or one twice: 422 naming each, nothing written", async () => {
    const agentKey = await freshWidgetAgent(handle);
    const before = await tableCounts(handle);
    const create = (environments: string[]) =>
      callWithKey(
        createKeyRoute as RouteHandler,
        "POST",
        `/api/v1/agents/${agentKey}/publishable-keys`,
        { key: agentKey },
        admin,
        { label: "Shop", allowed_origins: [SHOP], environments },
      );
    const draft = await create(["production", "draft"]);
    expect(draft.status).toBe(422);
    expect((await draft.json()).errors).toEqual([
      { path: "environments[1]", message: expect.stringContaining("draft") },
    ]);
    const unknown = await create(["ghost"]);
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual([
      { path: "environments[0]", message: expect.stringContaining("ghost") },
    ]);
    const twice = await create(["production", "production"]);
    expect(twice.status).toBe(422);
    expect((await twice.json()).errors).toEqual([{ path: "environments", message: "lists an environment twice" }]);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("the key list shows each key's environments", async () => {
    const agentKey = await freshWidgetAgent(handle);
    await addEnvironment(agentKey, "staging");
    const { id } = await createWidgetKey(admin, agentKey, { environments: ["staging"] });
    const list = await callWithKey(
      listKeysRoute as RouteHandler,
      "GET",
      `/api/v1/agents/${agentKey}/publishable-keys`,
      { key: agentKey },
      admin,
    );
    expect((await list.json()).publishable_keys).toEqual([expect.objectContaining({ id, environments: ["staging"] })]);
  });
});
