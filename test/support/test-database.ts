import { randomBytes } from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db/client";
import type { Database } from "@/db/types";
import { composeFocal } from "@/lib/boot/compose";
import { reusablePglite } from "./pglite-reuse";

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default (or an emptied
 * one an earlier file of the worker used, test/support/pglite-reuse.ts), or a
 * copy of the migrated template database on the PostgreSQL server named by DATABASE_URL (dropped
 * again on close). Both templates are made once per run in test/global-setup.ts. No boot runs in a test,
 * so the composition root is applied here: jobs queued on this database find their handlers.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  composeFocal();
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return reusablePglite(
      () => new Blob([fs.readFileSync(inject("pgliteTemplatePath"))], { type: "application/x-tar" }),
    );
  }
  const name = `focal_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplateName")}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), maxConnections: 20, migrate: false });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * The database of the test file that calls it: a fresh one (createTestDatabase) opened before the
 * file's first test and closed after its last; `db` is read inside the tests.
 */
export function fileDatabase(): { readonly db: Database } {
  let opened: DatabaseHandle | undefined;
  beforeAll(async () => {
    opened = await createTestDatabase();
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get db() {
      if (!opened) throw new Error("the file's database opens in beforeAll; read db inside a test");
      return opened.db;
    },
  };
}
