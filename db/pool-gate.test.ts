import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { gateTransactions } from "./pool-gate";

/** A stand-in for postgres-js: `begin` runs the callback at once, as a free connection would. */
function fakeSql(): postgres.Sql {
  const sql = Object.assign(() => undefined, {
    begin: (callback: (tx: unknown) => Promise<unknown>) => callback({ unsafe: () => Promise.resolve([]) }),
  });
  return sql as unknown as postgres.Sql;
}

function holder() {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

describe("gateTransactions", () => {
  it("lets max − 1 transactions hold a connection; the next fails with DB_ACQUIRE_TIMEOUT after the timeout", async () => {
    const sql = gateTransactions(fakeSql(), 3, 80);
    const first = holder();
    const second = holder();
    const running = [sql.begin(() => first.held), sql.begin(() => second.held)];
    const started = Date.now();
    await expect(sql.begin(async () => "never")).rejects.toMatchObject({ code: "DB_ACQUIRE_TIMEOUT" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    first.release();
    second.release();
    await Promise.all(running);
  });

  it("a waiting transaction gets the connection a finished one frees, within the timeout", async () => {
    const sql = gateTransactions(fakeSql(), 2, 1000);
    const first = holder();
    const running = sql.begin(() => first.held);
    const waiting = sql.begin(async () => "ran");
    setTimeout(first.release, 20);
    await expect(waiting).resolves.toBe("ran");
    await running;
  });

  it("a failed transaction frees its connection too", async () => {
    const sql = gateTransactions(fakeSql(), 2, 100);
    await expect(
      sql.begin(async () => {
        throw new Error("constraint");
      }),
    ).rejects.toThrow("constraint");
    await expect(sql.begin(async () => "next")).resolves.toBe("next");
  });
});
