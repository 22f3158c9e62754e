// biome-ignore lint/style/noRestrictedImports: counts the rows of every table to prove a refused call wrote nothing
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { rowsOf } from "@/db/raw-rows";
import { importBundle } from "@/lib/bundles/server/import-bundle";
import demo from "@/lib/demo/refund-desk.bundle.json";
import type { Role } from "@/lib/identity/roles";
import { getAuth, resetAuthForTests } from "@/lib/server/auth/auth";
import { createOperator } from "@/lib/server/auth/operators";
import { setDatabaseHandle } from "@/lib/server/db";
import { SYSTEM_ACTOR } from "@/lib/server/ledger/event-types";
import { createTestDatabase } from "@/test/support/test-database";
import { postSignIn } from "./auth-requests";

/** A migrated database wired in as the app's database, with better-auth on top of it. */
export async function startTestApp(): Promise<DatabaseHandle> {
  const handle = await createTestDatabase();
  setDatabaseHandle(handle);
  resetAuthForTests();
  await getAuth();
  return handle;
}

/**
 * The app for a whole test file, like `fileDatabase()`: started before the file's first test, closed
 * after its last; `around` runs just before the start and just before the close. Its fields are read
 * inside tests (before then there is no database yet).
 */
export function fileTestApp(around: { before?: () => void; after?: () => Promise<void> } = {}): DatabaseHandle {
  let opened: DatabaseHandle | undefined;
  beforeAll(async () => {
    around.before?.();
    opened = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await around.after?.();
    await opened?.close();
  });
  const current = () => {
    if (!opened) throw new Error("the file's app starts in beforeAll; read it inside a test");
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get dialect() {
      return current().dialect;
    },
    get url() {
      return current().url;
    },
    close: () => current().close(),
  };
}

export async function addOperator(
  handle: DatabaseHandle,
  email: string,
  role: Role,
  password = "correct-horse-battery",
) {
  await handle.db.transaction((tx) =>
    createOperator(tx, { email, name: email.split("@")[0] ?? email, role, password }, SYSTEM_ACTOR, "test"),
  );
  return { email, password };
}

/** Signs in through the app's auth route (Origin check, limits, better-auth) and returns the session cookie header. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await postSignIn(email, password, {
    peer: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  return cookies.join("; ");
}

/**
 * Row counts of every table: "writes nothing" means this is unchanged. auth_rate_limits counts requests,
 * not writes of ours. All tables are counted in one statement: a statement per table made 70 of them per
 * call, and the DB tests call this more than a thousand times.
 */
export async function tableCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_name <> 'auth_rate_limits' order by table_name`,
    ),
  );
  const counts: Record<string, number> = {};
  if (tables.length === 0) return counts;
  // The names are the schema's own tables, read just above: safe to quote into the statement.
  const union = tables
    .map(({ table_name }) => `select '${table_name}' as table_name, count(*)::int as n from "${table_name}"`)
    .join(" union all ");
  for (const { table_name, n } of rowsOf<{ table_name: string; n: number }>(await handle.db.execute(sql.raw(union)))) {
    counts[table_name] = n;
  }
  return counts;
}

/**
 * How the demo is imported. Its conversation-test gate is `off` unless a file asks for `block` or `warn`:
 * with the gate on, every save runs the demo's suite twice (on the saved configuration and on the
 * draft), which made a file of 15 tool saves take 3 times as long; files about the gate (and the
 * promotion gate, which reads the same setting) turn it on.
 */
export interface DemoAppOptions {
  testsGate?: "off" | "warn" | "block";
}

/** The demo bundle with its `testing.tests_gate` set (see `DemoAppOptions`). */
export function demoWithTestsGate(mode: "off" | "warn" | "block") {
  return { ...demo, agent: { ...demo.agent, settings: { ...demo.agent.settings, testing: { tests_gate: mode } } } };
}

/** The app with the demo Refund desk imported and one signed-in operator per role asked for. */
export async function startDemoApp<R extends Role>(
  roles: R[],
  options: DemoAppOptions = {},
): Promise<{ handle: DatabaseHandle; cookies: Record<R, string> }> {
  const handle = await startTestApp();
  const bundle = demoWithTestsGate(options.testsGate ?? "off");
  await importBundle(handle.db, bundle, SYSTEM_ACTOR, "setup");
  const cookies = {} as Record<R, string>;
  for (const role of roles) {
    const person = await addOperator(handle, `${role}@focal.test`, role);
    cookies[role] = await signIn(person.email, person.password);
  }
  return { handle, cookies };
}
