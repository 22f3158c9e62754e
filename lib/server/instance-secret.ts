import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { instanceSettings } from "@/db/schema";
import type { DbOrTx } from "@/db/types";

const AUTH_SECRET_KEY = "auth_secret";

/**
 * The auth secret signs session cookies. Every app instance must share it, so when
 * FOCAL_AUTH_SECRET is not set one is generated once and kept in the database.
 */
export async function ensureAuthSecret(db: DbOrTx, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(instanceSettings)
    .values({ key: AUTH_SECRET_KEY, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, AUTH_SECRET_KEY));
  if (!row) throw new Error("auth secret missing after insert");
  return row.value;
}
