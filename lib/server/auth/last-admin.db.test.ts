import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { operators } from "@/db/schema";
import type { Transaction } from "@/db/types";
import { changeOperatorRoleAction } from "@/lib/actions/operators/change-operator-role";
import { setOperatorDisabledAction } from "@/lib/actions/operators/set-operator-disabled";
import { peerHeader } from "@/test/support/auth-requests";
import { addOperator, signIn, startTestApp } from "@/test/support/focal-test-app";
import { browserHeaders, ORIGIN, requestState } from "@/test/support/request-headers";
import { SYSTEM_ACTOR } from "../ledger/event-types";
import { handleAuthRequest } from "./handle-auth-request";
import { changeOperatorRole, setOperatorDisabled } from "./operators";

// A fresh database per case: each case counts every active admin, and makes the admins it needs.
let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await startTestApp();
});
afterEach(async () => {
  await handle?.close();
});

async function idOf(email: string): Promise<string> {
  const [row] = await handle.db.select({ id: operators.id }).from(operators).where(eq(operators.email, email));
  if (!row) throw new Error(`no operator ${email}`);
  return row.id;
}

async function activeAdmins(): Promise<number> {
  const rows = await handle.db.select().from(operators).where(eq(operators.role, "admin"));
  return rows.filter((r) => !r.disabled).length;
}

/**
 * Two admins act on each other at once: the first transaction holds its change uncommitted while the
 * second runs. Exactly one may win; the other must see the first's change and refuse.
 */
async function crossfire(first: (tx: Transaction) => Promise<void>, second: (tx: Transaction) => Promise<void>) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let firstApplied = () => {};
  const applied = new Promise<void>((resolve) => {
    firstApplied = resolve;
  });
  const one = handle.db.transaction(async (tx) => {
    await first(tx);
    firstApplied();
    await gate;
  });
  await applied;
  const two = handle.db.transaction((tx) => second(tx));
  // 300 ms: long enough for the second transaction to finish if nothing holds it back.
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  return Promise.allSettled([one, two]);
}

/** Adds two active admins; their ids, in order. */
async function admins(...emails: [string, string]): Promise<[string, string]> {
  for (const email of emails) await addOperator(handle, email, "admin");
  return [await idOf(emails[0]), await idOf(emails[1])];
}

describe("the last active admin", () => {
  it("survives two admins demoting each other at the same moment", async () => {
    const [ann, bob] = await admins("ann@focal.test", "bob@focal.test");
    const results = await crossfire(
      (tx) => changeOperatorRole(tx, { operatorId: bob, role: "viewer" }, SYSTEM_ACTOR, "la-1"),
      (tx) => changeOperatorRole(tx, { operatorId: ann, role: "viewer" }, SYSTEM_ACTOR, "la-2"),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/last active admin/);
    expect(await activeAdmins()).toBe(1);
  });

  it("survives one admin disabling the other while being demoted", async () => {
    const [ann, cid] = await admins("ann@focal.test", "cid@focal.test");
    const results = await crossfire(
      (tx) => setOperatorDisabled(tx, { operatorId: ann, disabled: true }, SYSTEM_ACTOR, "la-3"),
      (tx) => changeOperatorRole(tx, { operatorId: cid, role: "designer" }, SYSTEM_ACTOR, "la-4"),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    expect(await activeAdmins()).toBe(1);
  });

  it("cannot demote or disable themselves through the console actions, nor change their role through the auth API", async () => {
    await addOperator(handle, "cid@focal.test", "admin");
    const cid = await idOf("cid@focal.test");
    const cookie = await signIn("cid@focal.test", "correct-horse-battery");
    requestState.headers = browserHeaders({ cookie });
    const demoted = await changeOperatorRoleAction({ operatorId: cid, role: "viewer" });
    expect(demoted).toMatchObject({ ok: false, code: "CONFLICT", message: expect.stringMatching(/last active admin/) });
    const disabled = await setOperatorDisabledAction({ operatorId: cid, disabled: true });
    expect(disabled).toMatchObject({ ok: false, code: "CONFLICT" });

    await handleAuthRequest(
      new Request(`${ORIGIN}/api/auth/update-user`, {
        method: "POST",
        headers: {
          ...Object.fromEntries(browserHeaders({ cookie })),
          "content-type": "application/json",
          ...peerHeader("192.0.2.9"),
        },
        body: JSON.stringify({ name: "Cid", role: "viewer", disabled: true }),
      }),
    );
    const [row] = await handle.db.select().from(operators).where(eq(operators.id, cid));
    expect(row).toMatchObject({ role: "admin", disabled: false });
    expect(await activeAdmins()).toBe(1);
  });
});
