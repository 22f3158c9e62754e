import { inspect } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { operators } from "@/db/schema";
import { addOperator, fileTestApp, signIn } from "@/test/support/focal-test-app";
import { browserHeaders, ORIGIN, requestState } from "@/test/support/request-headers";
import { createApiKey } from "./auth/api-keys";
import { defineAction } from "./define-action";
import { defineRoute } from "./define-route";
import { SYSTEM_ACTOR } from "./ledger/event-types";
import { loggableError } from "./loggable-error";

// What a customer might type; none of it may reach the server log.
const CUSTOMER_TEXT = "my card 4970 1234 was refused, help";

const handle = fileTestApp();

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

function logged(spy: { mock: { calls: unknown[][] } }): string {
  return spy.mock.calls.map((args) => inspect(args, { depth: 20 })).join("\n");
}

describe("loggableError", () => {
  it("keeps the SQLSTATE and drops the value of a data exception (22P02 quotes the bad input)", async () => {
    const error = await failure(() => handle.db.execute(sql`select ${CUSTOMER_TEXT}::uuid`));
    expect(inspect(error, { depth: 20 })).toContain(CUSTOMER_TEXT);
    const summary = loggableError(error);
    expect(JSON.stringify(summary)).not.toContain("4970");
    expect(JSON.stringify(summary)).toContain("22P02");
  });

  it("keeps the constraint of a unique violation and drops the key's value and the parameters", async () => {
    const row = { id: "op-log-1", email: CUSTOMER_TEXT, name: CUSTOMER_TEXT };
    await handle.db.insert(operators).values(row);
    const error = await failure(() => handle.db.insert(operators).values({ ...row, id: "op-log-2" }));
    const summary = loggableError(error);
    const text = JSON.stringify(summary);
    expect(text).not.toContain("4970");
    expect(text).toContain("23505");
    expect(text).toMatch(/operators_email/);
    expect(summary.query).toBe("insert into operators");
    expect(text).not.toMatch(/values|\$1|"email"/);
  });

  it("summarises non-errors and thrown strings without their quoted values", () => {
    expect(JSON.stringify(loggableError(`bad value "${CUSTOMER_TEXT}"`))).not.toContain("4970");
    expect(loggableError({ text: CUSTOMER_TEXT }).message).toBe("non-error thrown");
  });
});

describe("server logs of failed queries", () => {
  it("defineAction logs the SQLSTATE, never the customer's text", async () => {
    const admin = await addOperator(handle, "log-admin@focal.test", "admin");
    requestState.headers = browserHeaders({ cookie: await signIn(admin.email, admin.password) });
    const action = defineAction(
      { name: "probeFailingQuery", role: "viewer", schema: z.object({}) },
      async (_, { db }) => db.transaction((tx) => tx.execute(sql`select ${CUSTOMER_TEXT}::int`)),
    );
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await action({});
      expect(result).toMatchObject({ ok: false, code: "INTERNAL" });
      expect(spy).toHaveBeenCalled();
      expect(logged(spy)).not.toContain("4970");
      expect(logged(spy)).toContain("22P02");
    } finally {
      spy.mockRestore();
    }
  });

  it("defineRoute logs the SQLSTATE, never the customer's text", async () => {
    const { key } = await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "log-probe", scopes: ["agents:read"] }, SYSTEM_ACTOR, "log-1"),
    );
    const route = defineRoute({ scope: "agents:read", response: z.object({}) }, async ({ db }) => {
      await db.execute(sql`select ${CUSTOMER_TEXT}::uuid`);
      return {};
    });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await route(
        new Request(`${ORIGIN}/api/v1/probe`, { headers: { authorization: `Bearer ${key}` } }),
      );
      expect(response.status).toBe(500);
      expect(spy).toHaveBeenCalled();
      expect(logged(spy)).not.toContain("4970");
      expect(logged(spy)).toContain("22P02");
    } finally {
      spy.mockRestore();
    }
  });
});
