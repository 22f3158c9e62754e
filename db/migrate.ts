import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { Database, Dialect } from "./types";

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

/** Applies the committed drizzle-kit migrations; safe to call on every start. */
export async function migrateDatabase(db: Database, dialect: Dialect): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (dialect === "pglite") {
    await migratePglite(db as unknown as Parameters<typeof migratePglite>[0], config);
  } else {
    await migratePostgres(db as unknown as Parameters<typeof migratePostgres>[0], config);
  }
}
