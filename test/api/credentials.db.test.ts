import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { agentEnvironments, ledgerEvents } from "@/db/schema";
import { credentialAgent, credentialApi } from "../support/credential-fixtures";
import { tablesContaining } from "../support/database-text";
import { startTestApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";

// The credentials routes (docs/tools.md#credentials): a secret goes in and never comes out, not in an
// answer, the ledger or any stored text; rotation, environment bindings, the delete's 409 and the scope.

let handle: DatabaseHandle;
let api: ReturnType<typeof credentialApi>;
let reader: string;
let designer: string;

const SECRETS = {
  bearer: { kind: "bearer", token: "bearer-secret-7f3a91" },
  header: { kind: "header", header: "X-Api-Key", value: "header-secret-28cd40" },
  basic: { kind: "basic", username: "svc", password: "basic-secret-a61e2f" },
  query: { kind: "query", param: "api_key", value: "query-secret-0b9d77" },
  oauth2: {
    kind: "oauth2_client_credentials",
    token_url: "https://auth.example.com/token",
    client_id: "focal",
    client_secret: "oauth-secret-5c4e18",
    scope: "orders:read",
  },
} as const;
const SECRET_VALUES = [
  "bearer-secret-7f3a91",
  "header-secret-28cd40",
  "basic-secret-a61e2f",
  "query-secret-0b9d77",
  "oauth-secret-5c4e18",
];

beforeAll(async () => {
  handle = await startTestApp();
  api = credentialApi(await loopApiKey(handle, ["credentials:write", "config:read"]));
  reader = await loopApiKey(handle, ["config:read"]);
  designer = await loopApiKey(handle, ["config:write", "config:read", "agents:write"]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function ledgerOf(agentKey: string) {
  return handle.db
    .select({ type: ledgerEvents.type, payload: ledgerEvents.payload })
    .from(ledgerEvents)
    .where(like(ledgerEvents.type, "CREDENTIAL_%"))
    .then((rows) => rows.filter((row) => (row.payload as { agent_key?: string }).agent_key === agentKey));
}

describe("credentials over REST", () => {
  it("adds every kind; answers, the list and the ledger name it with a fingerprint, never the secret", async () => {
    const agent = await credentialAgent(handle);
    const answers: string[] = [];
    for (const [name, value] of Object.entries(SECRETS)) {
      const created = await api.create(agent.key, { name, ...value });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name, kind: value.kind, environment: null, rotated_at: null, used_by: [] });
      expect(created.body.fingerprint).toMatch(/^[0-9a-f]{8}$/);
      answers.push(JSON.stringify(created.body));
    }
    const listed = await api.list(agent.key, reader);
    expect(listed.status).toBe(200);
    const credentials = listed.body.credentials as { name: string; kind: string }[];
    expect(credentials.map((c) => c.name)).toEqual(["basic", "bearer", "header", "oauth2", "query"]);
    answers.push(JSON.stringify(listed.body));
    const events = await ledgerOf(agent.key);
    expect(events.map((e) => e.type)).toEqual(Array(5).fill("CREDENTIAL_CREATED"));
    for (const secret of SECRET_VALUES) {
      for (const text of [...answers, JSON.stringify(events)]) expect(text).not.toContain(secret);
      expect(await tablesContaining(handle, secret)).toEqual({});
    }
  });

  it("rotates a binding: a new fingerprint and rotated_at, CREDENTIAL_ROTATED, the tools that use it", async () => {
    const agent = await credentialAgent(handle, {
      kind: "http",
      output: { url: "https://api.example.com/orders", credential: "crm", variables: {} },
    });
    const created = await api.create(agent.key, { name: "crm", ...SECRETS.bearer });
    expect(created.body.used_by).toEqual(["lookup_order"]);
    const rotated = await api.rotate(agent.key, "crm", { kind: "bearer", token: "rotated-secret-99aa01" });
    expect(rotated.status).toBe(200);
    expect(rotated.body.fingerprint).not.toBe(created.body.fingerprint);
    expect(rotated.body.rotated_at).toEqual(expect.any(String));
    expect((await ledgerOf(agent.key)).map((e) => e.type)).toEqual(["CREDENTIAL_CREATED", "CREDENTIAL_ROTATED"]);
    expect(await tablesContaining(handle, "rotated-secret-99aa01")).toEqual({});
    expect((await api.rotate(agent.key, "nothing", { kind: "bearer", token: "x-token" })).status).toBe(404);
  });

  it("binds an environment's own value beside the default; refuses an unknown environment and a second default", async () => {
    const agent = await credentialAgent(handle);
    await handle.db.insert(agentEnvironments).values({ agentId: agent.id, name: "staging" });
    expect((await api.create(agent.key, { name: "crm", ...SECRETS.bearer })).status).toBe(201);
    const staging = await api.create(agent.key, {
      name: "crm",
      environment: "staging",
      kind: "bearer",
      token: "staging-tok",
    });
    expect(staging.status).toBe(201);
    expect(staging.body.environment).toBe("staging");
    expect((await api.get(agent.key, "crm", "staging")).body.fingerprint).toBe(staging.body.fingerprint);
    expect((await api.get(agent.key, "crm")).body.environment).toBeNull();
    const before = await tableCounts(handle);
    expect((await api.create(agent.key, { name: "crm", ...SECRETS.header })).status).toBe(409);
    const unknown = await api.create(agent.key, { name: "crm", environment: "qa", ...SECRETS.bearer });
    expect(unknown.status).toBe(422);
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("refuses to delete a credential a tool uses (409 naming the tools); deletes an environment's own binding", async () => {
    const agent = await credentialAgent(handle, {
      kind: "http",
      output: { url: "https://api.example.com/orders", credential: "crm", variables: {} },
    });
    await handle.db.insert(agentEnvironments).values({ agentId: agent.id, name: "staging" });
    await api.create(agent.key, { name: "crm", ...SECRETS.bearer });
    await api.create(agent.key, { name: "crm", environment: "staging", ...SECRETS.bearer });
    const refused = await api.remove(agent.key, "crm");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: "IN_USE" },
      references: [{ kind: "tool", key: "lookup_order", field: "output.credential" }],
    });
    expect(JSON.stringify(refused.body)).toContain("lookup_order");
    expect(await api.remove(agent.key, "crm", "staging")).toMatchObject({
      status: 200,
      body: { deleted: "crm", environment: "staging" },
    });
    expect((await api.remove(agent.key, "crm", "staging")).status).toBe(404);
    expect((await ledgerOf(agent.key)).map((e) => e.type)).toContain("CREDENTIAL_DELETED");
  });

  it("refuses a value with a line break, a reserved header and an unknown kind, writing nothing", async () => {
    const agent = await credentialAgent(handle);
    const before = await tableCounts(handle);
    for (const body of [
      { name: "crm", kind: "bearer", token: "abc\r\nX-Admin: 1" },
      { name: "crm", kind: "header", header: "Host", value: "abc" },
      { name: "crm", kind: "ssh_key", key: "abc" },
      { name: "Not A Name", kind: "bearer", token: "abc" },
    ]) {
      const refused = await api.create(agent.key, body);
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).not.toContain("abc\r\n");
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("needs credentials:write to add one; config:read lists", async () => {
    const agent = await credentialAgent(handle);
    expect((await api.create(agent.key, { name: "crm", ...SECRETS.bearer }, designer)).status).toBe(403);
    expect((await api.create(agent.key, { name: "crm", ...SECRETS.bearer }, reader)).status).toBe(403);
    expect((await api.list(agent.key, reader)).status).toBe(200);
  });
});
