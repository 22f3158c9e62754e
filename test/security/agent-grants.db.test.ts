import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import LedgerRoutePage from "@/app/(console)/ledger/page";
import LoopsRoutePage from "@/app/(console)/loops/page";
import { POST as createKeyRoute } from "@/app/api/v1/api-keys/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { operatorIdByEmail } from "@/db/queries/identity";
import { ledgerEvents } from "@/db/schema";
import { setAgentGrantAction } from "@/lib/actions/operators/set-agent-grant";
import { setRuleEnabledAction } from "@/lib/actions/rules/set-rule-enabled";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import { appendLedgerEvent } from "@/lib/server/ledger/append-ledger-event";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { verifyLedgerChain } from "@/lib/server/ledger/verify-ledger-chain";
import { addOperator, demoWithTestsGate, signIn, startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { browserHeaders, requestState } from "../support/request-headers";
import { callWithKey, type RouteHandler } from "../support/route-call";

let handle: DatabaseHandle;
let adminCookie: string;
let adminKey: string;
let mixedId: string;
let mixedCookie: string;

const asAdmin = () => {
  requestState.headers = browserHeaders({ cookie: adminCookie });
};
const version = async (key: string) => (await getAgentByKey(handle.db, key))?.configVersion ?? 0;
const toggle = async (agent: string) =>
  setRuleEnabledAction({
    agent_key: agent,
    expected_config_version: await version(agent),
    rule_key: "be-polite",
    enabled: false,
  });

beforeAll(async () => {
  // The gate off: the designer's probe switches off a rule the demo's tests depend on.
  const app = await startDemoApp(["admin"]);
  const demo = demoWithTestsGate("off");
  handle = app.handle;
  adminCookie = app.cookies.admin;
  adminKey = await loopApiKey(handle, ["admin"]);
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key: "other-desk", name: "Other desk" } },
    SYSTEM_ACTOR,
    "s",
  );
  await importBundle(
    handle.db,
    { ...demo, agent: { ...demo.agent, key: "third-desk", name: "Third desk" } },
    SYSTEM_ACTOR,
    "s",
  );
  const person = await addOperator(handle, "mixed@focal.test", "viewer");
  mixedId = (await operatorIdByEmail(handle.db, person.email)) ?? "";
  mixedCookie = await signIn(person.email, person.password);
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

/** The mixed operator back to no grant on any agent, as an admin. */
async function withoutGrants() {
  asAdmin();
  for (const agentKey of ["refund-desk", "other-desk"]) {
    await setAgentGrantAction({ operatorId: mixedId, agentKey, role: null });
  }
}

describe("per-agent roles", () => {
  it("make an operator a designer on one agent and a viewer on another, with nothing on a third", async () => {
    await withoutGrants();
    expect(await setAgentGrantAction({ operatorId: mixedId, agentKey: "refund-desk", role: "designer" })).toMatchObject(
      {
        ok: true,
        data: { changed: true },
      },
    );
    expect(await setAgentGrantAction({ operatorId: mixedId, agentKey: "other-desk", role: "viewer" })).toMatchObject({
      ok: true,
    });
    requestState.headers = browserHeaders({ cookie: mixedCookie });
    expect(await toggle("refund-desk")).toMatchObject({ ok: true });
    expect(await toggle("other-desk")).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await toggle("third-desk")).toMatchObject({ ok: false, code: "NOT_FOUND" });
  });

  it("are ledgered as access changes on the global chain, and the ledger verifies", async () => {
    await withoutGrants();
    await setAgentGrantAction({ operatorId: mixedId, agentKey: "other-desk", role: "viewer" });
    const [last] = await handle.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.type, "AGENT_ROLE_GRANTED"))
      .orderBy(desc(ledgerEvents.seq))
      .limit(1);
    expect(last).toMatchObject({ chain: "global", actor: "admin@focal.test" });
    expect(last?.payload).toMatchObject({
      operator_id: mixedId,
      agent_key: "other-desk",
      diff: { role: { before: null, after: "viewer" } },
    });
    asAdmin();
    expect(await setAgentGrantAction({ operatorId: mixedId, agentKey: "other-desk", role: null })).toMatchObject({
      ok: true,
    });
    const [revoked] = await handle.db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.type, "AGENT_ROLE_REVOKED"))
      .orderBy(desc(ledgerEvents.seq))
      .limit(1);
    expect(revoked?.payload).toMatchObject({ diff: { role: { before: "viewer", after: null } } });
    expect(await verifyLedgerChain(handle.db)).toMatchObject({ is_intact: true });
  });

  it("refuse an admin as the grantee and an unknown agent, naming the field, writing nothing", async () => {
    asAdmin();
    const adminId = (await operatorIdByEmail(handle.db, "admin@focal.test")) ?? "";
    const before = await tableCounts(handle);
    const onAdmin = await setAgentGrantAction({ operatorId: adminId, agentKey: "refund-desk", role: "viewer" });
    expect(onAdmin).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { role: [expect.any(String)] } });
    const unknown = await setAgentGrantAction({ operatorId: mixedId, agentKey: "no-such-desk", role: "viewer" });
    expect(unknown).toMatchObject({ ok: false, code: "VALIDATION", fieldErrors: { agentKey: [expect.any(String)] } });
    expect(await tableCounts(handle)).toEqual(before);
  });
});

describe("the Ledger and Loops pages of an operator granted some agents", () => {
  it("list only the events and agents they reach, with instance-wide events that name no agent", async () => {
    asAdmin();
    await setAgentGrantAction({ operatorId: mixedId, agentKey: "refund-desk", role: "designer" });
    await setAgentGrantAction({ operatorId: mixedId, agentKey: "other-desk", role: null });
    const refund = (await getAgentByKey(handle.db, "refund-desk"))?.id ?? null;
    const third = (await getAgentByKey(handle.db, "third-desk"))?.id ?? null;
    const actor = SYSTEM_ACTOR;
    await handle.db.transaction(async (tx) => {
      await appendLedgerEvent(tx, { type: "CONFIG_CHANGED", actor, agentId: third, requestId: "t", payload: {} });
      await appendLedgerEvent(tx, { type: "CONFIG_CHANGED", actor, agentId: refund, requestId: "t", payload: {} });
      await appendLedgerEvent(tx, {
        type: "CUSTOMER_DELETED",
        actor,
        agentId: null,
        requestId: "t",
        payload: { agent_ids: [third] },
      });
    });
    const ledgerOf = async () => {
      const page = await LedgerRoutePage({ searchParams: Promise.resolve({}) });
      return page.props.events as { agentId: string | null; type: string }[];
    };
    const all = await ledgerOf();
    expect(all.some((e) => e.agentId === third)).toBe(true);
    expect(all.some((e) => e.type === "CUSTOMER_DELETED")).toBe(true);

    requestState.headers = browserHeaders({ cookie: mixedCookie });
    const seen = await ledgerOf();
    expect(seen.some((e) => e.agentId === refund)).toBe(true);
    expect(seen.some((e) => e.agentId === null)).toBe(true);
    expect(seen.filter((e) => e.agentId !== null && e.agentId !== refund)).toEqual([]);
    expect(seen.some((e) => e.type === "CUSTOMER_DELETED")).toBe(false);
    const loops = await LoopsRoutePage({ searchParams: Promise.resolve({}) });
    expect((loops.props.agents as { key: string }[]).map((a) => a.key)).toEqual(["refund-desk"]);
    const elsewhere = await LoopsRoutePage({ searchParams: Promise.resolve({ agent: "third-desk" }) });
    expect(elsewhere.props.stats).toMatchObject({ total: 0 });
  });
});

describe("POST /api/v1/api-keys with agents", () => {
  const create = (body: unknown) =>
    callWithKey(createKeyRoute as RouteHandler, "POST", "/api/v1/api-keys", {}, adminKey, body);

  it("creates a key limited to the named agents, and refuses unknown agents and admin with agents", async () => {
    const created = await create({ name: "ci", scopes: ["agents:read"], agents: ["other-desk"] });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ agents: ["other-desk"], key: expect.stringMatching(/^fk_/) });
    const before = await tableCounts(handle);
    const unknown = await create({ name: "ci", scopes: ["agents:read"], agents: ["other-desk", "nope"] });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors).toEqual([{ path: "agents[1]", message: "No agent with key nope." }]);
    const admin = await create({ name: "ci", scopes: ["admin"], agents: ["other-desk"] });
    expect(admin.status).toBe(422);
    expect((await admin.json()).errors[0].path).toBe("agents");
    expect(await tableCounts(handle)).toEqual(before);
  });
});
