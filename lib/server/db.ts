import "server-only";
import { type DatabaseHandle, openDatabase } from "@/db/client";
import { env } from "@/lib/env";
// Types only: the engine contracts the jsonb columns hold (db/json-contracts.ts), for every reader of the database.
import "./stored-json-contracts";

// One database per process: instrumentation and each route module are separate module graphs in
// Next.js, so the handle lives on globalThis, keyed by where it points.
declare global {
  var __focalDb: { key: string; handle: Promise<DatabaseHandle> } | undefined;
}
const slot = globalThis;

function targetKey(): string {
  const e = env();
  return e.DATABASE_URL ? `postgres:${e.DATABASE_URL}` : `pglite:${e.FOCAL_DATA_DIR}`;
}

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  const key = targetKey();
  if (!slot.__focalDb || slot.__focalDb.key !== key) {
    const e = env();
    const handle = openDatabase({
      url: e.DATABASE_URL,
      dataDir: e.FOCAL_DATA_DIR,
      acquireTimeoutMs: e.FOCAL_DB_ACQUIRE_TIMEOUT_MS,
    });
    slot.__focalDb = { key, handle };
    handle.catch(() => {
      if (slot.__focalDb?.handle === handle) slot.__focalDb = undefined;
    });
  }
  return slot.__focalDb.handle;
}

export async function getDb() {
  return (await getDatabaseHandle()).db;
}

/** Tests and the CLI hand in a database they opened themselves. */
export function setDatabaseHandle(handle: DatabaseHandle): void {
  slot.__focalDb = { key: targetKey(), handle: Promise.resolve(handle) };
}
