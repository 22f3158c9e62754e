import { randomBytes } from "node:crypto";
import fs from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "@/db/client";

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template by default, or a
 * copy of the migrated template database on the PostgreSQL server named by DATABASE_URL (dropped
 * again on close). Both templates are made once per run in test/global-setup.ts.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dump = fs.readFileSync(inject("pgliteTemplatePath"));
    return openDatabase({
      dataDir: "memory://",
      loadDataDir: new Blob([dump], { type: "application/x-gzip" }),
      migrate: false,
    });
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
