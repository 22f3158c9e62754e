import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeys, authSessions, ledgerEvents, operators } from "@/db/schema";
import { postSignIn } from "@/test/support/auth-requests";
import { addOperator, fileTestApp, signIn } from "@/test/support/focal-test-app";
import { browserHeaders } from "@/test/support/request-headers";
import { SYSTEM_ACTOR } from "../ledger/event-types";
import { getOperatorFromHeaders } from "../principal";
import { authenticateApiKey, createApiKey, revokeApiKey } from "./api-keys";
import { changeOperatorRole, setOperatorDisabled } from "./operators";

const handle = fileTestApp();

function attempt(email: string, password: string, peer: string) {
  return postSignIn(email, password, { peer });
}

describe("API keys", () => {
  it("stores only the SHA-256 of a key, authenticates it, and refuses it once revoked", async () => {
    const created = await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "ci", scopes: ["agents:read"] }, SYSTEM_ACTOR, "t1"),
    );
    expect(created.key).toMatch(/^fk_[A-Za-z0-9_-]{40}$/);
    const [row] = await handle.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await authenticateApiKey(handle.db, created.key)).toMatchObject({ id: created.id, scopes: ["agents:read"] });
    expect(await authenticateApiKey(handle.db, `${created.key}x`)).toBeNull();

    await handle.db.transaction((tx) => revokeApiKey(tx, created.id, SYSTEM_ACTOR, "t2"));
    expect(await authenticateApiKey(handle.db, created.key)).toBeNull();
    const events = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.requestId, "t2"));
    expect(events.map((e) => e.type)).toEqual(["API_KEY_REVOKED"]);
    expect(JSON.stringify(events)).not.toContain(row?.keyHash ?? "none");
  });
});

describe("operators", () => {
  it("give one generic message for an unknown email and a wrong password", async () => {
    await addOperator(handle, "dana@focal.test", "designer");
    const unknown = await attempt("nobody@focal.test", "whatever-password", "10.1.0.1");
    const wrong = await attempt("dana@focal.test", "wrong-password", "10.1.0.2");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect((await unknown.json()).message).toBe((await wrong.json()).message);
  });

  it("disabling an operator ends their sessions at once and blocks new ones", async () => {
    const erin = await addOperator(handle, "erin@focal.test", "operator");
    const cookie = await signIn(erin.email, erin.password);
    expect(await getOperatorFromHeaders(browserHeaders({ cookie }))).toMatchObject({
      email: erin.email,
      role: "operator",
    });
    const [op] = await handle.db.select().from(operators).where(eq(operators.email, erin.email));
    if (!op) throw new Error("operator missing");

    await handle.db.transaction((tx) =>
      setOperatorDisabled(tx, { operatorId: op.id, disabled: true }, SYSTEM_ACTOR, "t3"),
    );
    expect(await handle.db.select().from(authSessions).where(eq(authSessions.userId, op.id))).toEqual([]);
    expect(await getOperatorFromHeaders(browserHeaders({ cookie }))).toBeNull();
    expect((await attempt(erin.email, erin.password, "10.3.0.1")).status).toBe(403);
  });

  it("role changes apply to the next request and are ledgered with a diff", async () => {
    const fay = await addOperator(handle, "fay@focal.test", "viewer");
    const cookie = await signIn(fay.email, fay.password);
    const [op] = await handle.db.select().from(operators).where(eq(operators.email, fay.email));
    if (!op) throw new Error("operator missing");
    await handle.db.transaction((tx) =>
      changeOperatorRole(tx, { operatorId: op.id, role: "designer" }, SYSTEM_ACTOR, "t4"),
    );
    expect(await getOperatorFromHeaders(browserHeaders({ cookie }))).toMatchObject({ role: "designer" });
    const [event] = await handle.db.select().from(ledgerEvents).where(eq(ledgerEvents.requestId, "t4"));
    expect(event?.payload).toEqual({ operator_id: op.id, diff: { role: { before: "viewer", after: "designer" } } });
  });

  it("refuse to disable or demote the last active admin", async () => {
    await addOperator(handle, "root@focal.test", "admin");
    const [admin] = await handle.db.select().from(operators).where(eq(operators.email, "root@focal.test"));
    if (!admin) throw new Error("admin missing");
    await expect(
      handle.db.transaction((tx) =>
        setOperatorDisabled(tx, { operatorId: admin.id, disabled: true }, SYSTEM_ACTOR, "t5"),
      ),
    ).rejects.toThrow(/last active admin/);
    await expect(
      handle.db.transaction((tx) =>
        changeOperatorRole(tx, { operatorId: admin.id, role: "viewer" }, SYSTEM_ACTOR, "t6"),
      ),
    ).rejects.toThrow(/last active admin/);
  });
});
