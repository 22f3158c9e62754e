import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as healthRoute } from "@/app/api/health/route";
import { POST as createSessionRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { POST as postTurnRoute } from "@/app/api/v1/sessions/[id]/turns/route";
import { type DatabaseHandle, openDatabase } from "@/db/client";
import { rowsOf } from "@/db/raw-rows";
import { idempotencyRecords, turns } from "@/db/schema";
import { classifyDbError } from "@/db/transient-error";
import { startSandboxSessionAction } from "@/lib/actions/sandbox/start-sandbox-session";
import { createApiKey } from "@/lib/server/auth/api-keys";
import { setDatabaseHandle } from "@/lib/server/db";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { readTurnStream, type TurnStreamEvent } from "@/lib/turns/turn-stream";
import { startDemoApp } from "../support/focal-test-app";
import { browserHeaders, ORIGIN, requestState } from "../support/request-headers";
import { callRoute } from "../support/response-contract";

// Database faults a client meets and what it is told: real SQLSTATEs raised by the database itself (a
// trigger on `turns`), a database that cannot be reached at all, a pool with no connection free, and
// (PostgreSQL) every backend terminated. Both dialects unless the test says PostgreSQL.

let handle: DatabaseHandle;
let key: string;
let designerCookie: string;
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  const app = await startDemoApp(["designer"]);
  handle = app.handle;
  designerCookie = app.cookies.designer;
  key = (
    await handle.db.transaction((tx) =>
      createApiKey(tx, { name: "client", scopes: ["turns:write"] }, SYSTEM_ACTOR, "setup"),
    )
  ).key;
});
afterEach(async () => {
  setDatabaseHandle(handle);
  await clearFault(TURN_INSERT);
  await clearFault(KEY_RELEASE);
});
afterAll(async () => {
  await handle?.close();
});

/**
 * The next `times` inserts into `turns` (or `on` another table and event) fail with SQLSTATE `code`;
 * counted by a sequence, which survives the rollback.
 */
async function injectFault(code: string, times: number, on: Fault = TURN_INSERT): Promise<void> {
  await clearFault(on);
  await handle.db.execute(sql.raw(`create sequence ${on.name}_seq`));
  await handle.db.execute(
    sql.raw(`create function ${on.name}() returns trigger language plpgsql as $$
      begin
        if nextval('${on.name}_seq') <= ${times} then raise exception 'injected fault' using errcode = '${code}'; end if;
        return coalesce(new, old);
      end $$`),
  );
  await handle.db.execute(
    sql.raw(`create trigger ${on.name} before ${on.event} on ${on.table} for each row execute function ${on.name}()`),
  );
}

interface Fault {
  name: string;
  table: string;
  event: "insert" | "delete";
}
const TURN_INSERT: Fault = { name: "inject_fault", table: "turns", event: "insert" };
const KEY_RELEASE: Fault = { name: "inject_release_fault", table: "idempotency_records", event: "delete" };

async function clearFault(on: Fault = TURN_INSERT): Promise<void> {
  await handle.db.execute(sql.raw(`drop trigger if exists ${on.name} on ${on.table}`));
  await handle.db.execute(sql.raw(`drop function if exists ${on.name}()`));
  await handle.db.execute(sql.raw(`drop sequence if exists ${on.name}_seq`));
}

async function newSession(): Promise<string> {
  const response = await callRoute(
    createSessionRoute,
    new Request(`${ORIGIN}/api/v1/agents/refund-desk/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{}",
    }),
    { key: "refund-desk" },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

function postTurn(sessionId: string, message: string, headers: Record<string, string> = {}): Promise<Response> {
  return callRoute(
    postTurnRoute,
    new Request(`${ORIGIN}/api/v1/sessions/${sessionId}/turns`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
      body: JSON.stringify({ message }),
    }),
    { id: sessionId },
  );
}

async function storedTurns(sessionId: string): Promise<number> {
  return (await handle.db.select().from(turns).where(eq(turns.sessionId, sessionId))).length;
}

async function keyRecords(idempotencyKey: string): Promise<number> {
  return (await handle.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, idempotencyKey))).length;
}

async function events(response: Response): Promise<TurnStreamEvent[]> {
  const seen: TurnStreamEvent[] = [];
  await readTurnStream(response.body as ReadableStream<Uint8Array>, (e) => seen.push(e));
  return seen;
}

const MESSAGE = "I'm in France and want a refund for order 123";

/** A handle whose database cannot be reached: a refused port on PostgreSQL, a closed PGlite otherwise. */
async function unreachableDatabase(): Promise<DatabaseHandle> {
  if (onPostgres) {
    return openDatabase({ url: "postgres://postgres@127.0.0.1:1/none", migrate: false, acquireTimeoutMs: 1000 });
  }
  const dead = await openDatabase({ dataDir: "memory://", migrate: false });
  await dead.close();
  return dead;
}

describe("transient database faults during a turn", () => {
  it("a serialization failure in the turn's transaction is retried in-process: 200 and one stored turn", async () => {
    const sessionId = await newSession();
    await injectFault("40001", 2);
    const response = await postTurn(sessionId, MESSAGE, { "idempotency-key": "conflict-then-ok" });
    expect(response.status).toBe(200);
    expect(await storedTurns(sessionId)).toBe(1);
  });

  it("a deadlock that outlasts the retries answers 503 RETRY with Retry-After and frees the key for the retry", async () => {
    const sessionId = await newSession();
    await injectFault("40P01", 100);
    const failed = await postTurn(sessionId, MESSAGE, { "idempotency-key": "deadlock-key" });
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("1");
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe("RETRY");
    expect(await storedTurns(sessionId)).toBe(0);
    expect(await keyRecords("deadlock-key")).toBe(0);

    await clearFault();
    const retried = await postTurn(sessionId, MESSAGE, { "idempotency-key": "deadlock-key" });
    expect(retried.status).toBe(200);
    const replayed = await postTurn(sessionId, MESSAGE, { "idempotency-key": "deadlock-key" });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.json()).toEqual(await retried.json());
    expect(await storedTurns(sessionId)).toBe(1);
    // The key is the client's promise of one request: another body under it is still refused.
    const otherBody = await postTurn(sessionId, "another message", { "idempotency-key": "deadlock-key" });
    expect(otherBody.status).toBe(422);
  });

  it("a terminated connection (57P01) answers 503 DB_UNAVAILABLE as JSON, and as the stream's final error event", async () => {
    const sessionId = await newSession();
    await injectFault("57P01", 1);
    const json = await postTurn(sessionId, MESSAGE, { "idempotency-key": "lost-json" });
    expect(json.status).toBe(503);
    expect(json.headers.get("retry-after")).toBe("1");
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe("DB_UNAVAILABLE");

    await injectFault("08006", 1);
    const stream = await postTurn(sessionId, MESSAGE, { "idempotency-key": "lost-sse", accept: "text/event-stream" });
    expect(stream.status).toBe(200);
    const last = (await events(stream)).at(-1);
    expect(last).toMatchObject({
      event: "error",
      data: { status: 503, retry_after: 1, error: { code: "DB_UNAVAILABLE" } },
    });
    expect(await keyRecords("lost-sse")).toBe(0);

    // The client acts on it: the same request with the same key runs the turn.
    const retried = await postTurn(sessionId, MESSAGE, { "idempotency-key": "lost-sse", accept: "text/event-stream" });
    expect((await events(retried)).at(-1)?.event).toBe("turn");
    expect(await storedTurns(sessionId)).toBe(1);
  });

  it("a key whose release failed too is freed by the retry itself on this instance: no 409 after the 503", async () => {
    const sessionId = await newSession();
    await injectFault("57P01", 1);
    // The release's three tries fail as well (the database still away); the retry's own succeeds.
    await injectFault("57P01", 3, KEY_RELEASE);
    const failed = await postTurn(sessionId, MESSAGE, { "idempotency-key": "release-failed" });
    expect(failed.status).toBe(503);
    expect(await keyRecords("release-failed")).toBe(1);
    const retried = await postTurn(sessionId, MESSAGE, { "idempotency-key": "release-failed" });
    expect(retried.status).toBe(200);
    expect(await storedTurns(sessionId)).toBe(1);
  });

  it("a constraint error is not transient: it stays a 500 and is not retried", async () => {
    const sessionId = await newSession();
    await injectFault("23505", 100);
    const response = await postTurn(sessionId, MESSAGE, { "idempotency-key": "unique-violation" });
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    const [calls] = rowsOf<{ n: number }>(
      await handle.db.execute(sql.raw("select last_value::int as n from inject_fault_seq")),
    );
    expect(calls?.n).toBe(1);
  });
});

describe("a database that cannot be reached", () => {
  it("health answers 503 {db: unavailable} while it is unreachable and 200 once it is back", async () => {
    const dead = await unreachableDatabase();
    setDatabaseHandle(dead);
    const started = Date.now();
    const down = await healthRoute(new Request(`${ORIGIN}/api/health`));
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: "unavailable", db: "unavailable" });
    expect(Date.now() - started).toBeLessThan(5000);

    setDatabaseHandle(handle);
    const up = await healthRoute(new Request(`${ORIGIN}/api/health`));
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "ok", db: onPostgres ? "postgres" : "pglite" });
    await dead.close().catch(() => {});
  });

  it("a turn answers 503 DB_UNAVAILABLE, and a server action a message to try again", async () => {
    const sessionId = await newSession();
    const dead = await unreachableDatabase();
    setDatabaseHandle(dead);
    const turn = await postTurn(sessionId, MESSAGE, { "idempotency-key": "while-down" });
    expect(turn.status).toBe(503);
    expect(turn.headers.get("retry-after")).toBe("1");
    expect(((await turn.json()) as { error: { code: string } }).error.code).toBe("DB_UNAVAILABLE");

    requestState.headers = browserHeaders({ cookie: designerCookie });
    const action = await startSandboxSessionAction({ agentKey: "refund-desk" });
    expect(action).toMatchObject({ ok: false, code: "DB_UNAVAILABLE", message: expect.stringMatching(/try again/i) });
    await dead.close().catch(() => {});

    setDatabaseHandle(handle);
    expect((await postTurn(sessionId, MESSAGE, { "idempotency-key": "while-down" })).status).toBe(200);
  });
});

describe.runIf(onPostgres)("the PostgreSQL pool", () => {
  it("no transaction waits longer than the acquire timeout for a connection: the turn answers 503 in time", async () => {
    const small = await openDatabase({ url: handle.url, migrate: false, maxConnections: 2, acquireTimeoutMs: 300 });
    try {
      let releaseHeld: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        releaseHeld = resolve;
      });
      // One connection is the transactions' (maxConnections − 1); hold it.
      const holder = small.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const sessionId = await newSession();
      setDatabaseHandle(small);
      const started = Date.now();
      const response = await postTurn(sessionId, MESSAGE, { "idempotency-key": "pool-full" });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("DB_UNAVAILABLE");
      expect(Date.now() - started).toBeLessThan(3000);

      releaseHeld();
      await holder;
      expect((await postTurn(sessionId, MESSAGE, { "idempotency-key": "pool-full" })).status).toBe(200);
    } finally {
      setDatabaseHandle(handle);
      await small.close();
    }
  });

  it("a transaction whose backend is terminated under it fails as DB_UNAVAILABLE, with no uncaught exception", async () => {
    const uncaught: unknown[] = [];
    const collect = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", collect);
    try {
      const cutOff = handle.db.transaction(async (tx) => {
        const [own] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
        await handle.db.execute(sql`select pg_terminate_backend(${own?.pid ?? 0})`);
        // The close reaches the driver before the next query: the case that wrote to a dead socket.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(cutOff).rejects.toSatisfy((error) => classifyDbError(error) === "unavailable");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(uncaught).toEqual([]);
      expect((await handle.db.transaction((tx) => tx.execute(sql`select 1 as one`))) !== undefined).toBe(true);
    } finally {
      process.off("uncaughtException", collect);
    }
  });

  it("after every backend is terminated the pool reconnects by itself: health and turns answer 200 again", async () => {
    const sessionId = await newSession();
    expect((await postTurn(sessionId, MESSAGE)).status).toBe(200);
    // Only this test database's backends, never another database's on the shared server.
    await handle.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const deadline = Date.now() + 5000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await healthRoute(new Request(`${ORIGIN}/api/health`))).status;
      if (status !== 200) expect(status).toBe(503);
    }
    expect(status).toBe(200);
    const after = await postTurn(sessionId, MESSAGE, { "idempotency-key": "after-terminate" });
    expect([200, 503]).toContain(after.status);
    if (after.status === 503) {
      expect((await postTurn(sessionId, MESSAGE, { "idempotency-key": "after-terminate" })).status).toBe(200);
    }
  });
});
