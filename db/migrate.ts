import path from "node:path";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type * as schema from "./schema";

export const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");

type Schema = typeof schema;
/** The database as its driver made it: each driver's migrator takes only its own. */
export type DriverDatabase =
  | { dialect: "pglite"; db: PgliteDatabase<Schema> }
  | { dialect: "postgres"; db: PostgresJsDatabase<Schema> };

/** Applies the committed drizzle-kit migrations; safe to call on every start. */
export async function migrateDatabase(target: DriverDatabase): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (target.dialect === "pglite") {
    await migratePglite(target.db, config);
  } else {
    await migratePostgres(target.db, config);
  }
}
