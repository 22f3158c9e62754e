import "server-only";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../types";

/** Throws unless the database answers a query. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
