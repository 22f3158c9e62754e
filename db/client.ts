import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { acquireDataDirLock } from "./data-dir-lock";
import { type DriverDatabase, migrateDatabase } from "./migrate";
import { gateTransactions } from "./pool-gate";
import * as schema from "./schema";
import type { Database, Dialect } from "./types";

export interface DatabaseHandle {
  db: Database;
  dialect: Dialect;
  /** The server's URL on PostgreSQL (the job queue opens its own connections to it). */
  url?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL of a real server; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory, or "memory://" for an in-memory database. */
  dataDir?: string;
  /** PGlite dump (from dumpDataDir) to start from: tests copy one migrated template. */
  loadDataDir?: Blob | File;
  /** A PGlite that is already open: tests hand one emptied database from file to file. */
  pglite?: PGlite;
  migrate?: boolean;
  /** postgres-js pool size; one app instance on 2 cores needs few. */
  maxConnections?: number;
  /** Longest wait for a PostgreSQL connection (connecting, or a transaction waiting for a free one). */
  acquireTimeoutMs?: number;
}

// The default of FOCAL_DB_ACQUIRE_TIMEOUT_MS (lib/env.ts), for callers that open a database directly.
const DEFAULT_ACQUIRE_TIMEOUT_MS = 5000;

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  let driver: DriverDatabase;
  if (options.url) {
    const max = options.maxConnections ?? 10;
    const acquireTimeoutMs = options.acquireTimeoutMs ?? DEFAULT_ACQUIRE_TIMEOUT_MS;
    const sql = postgres(options.url, {
      max,
      // Seconds: a server that does not answer the connect fails the request instead of holding it.
      connect_timeout: Math.max(1, Math.ceil(acquireTimeoutMs / 1000)),
      onnotice: () => {},
    });
    const db = drizzlePostgres(gateTransactions(sql, max, acquireTimeoutMs), { schema });
    driver = { dialect: "postgres", db };
    handle = { db, dialect: "postgres", url: options.url, close: () => sql.end({ timeout: 5 }) };
  } else if (options.pglite) {
    const client = options.pglite;
    const db = drizzlePglite(client, { schema });
    driver = { dialect: "pglite", db };
    handle = { db, dialect: "pglite", close: () => client.close() };
  } else {
    const dataDir = options.dataDir ?? "memory://";
    const inMemory = dataDir.startsWith("memory://");
    const release = inMemory ? () => {} : acquireDataDirLock(path.resolve(/*turbopackIgnore: true*/ dataDir));
    try {
      const client = await PGlite.create({
        dataDir: inMemory ? undefined : path.resolve(/*turbopackIgnore: true*/ dataDir),
        loadDataDir: options.loadDataDir,
      });
      const db = drizzlePglite(client, { schema });
      driver = { dialect: "pglite", db };
      handle = {
        db,
        dialect: "pglite",
        close: async () => {
          await client.close();
          release();
        },
      };
    } catch (error) {
      release();
      throw error;
    }
  }
  if (options.migrate !== false) await migrateDatabase(driver);
  return handle;
}
