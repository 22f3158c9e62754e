import "server-only";
import { randomBytes } from "node:crypto";
import { getInstanceSetting, insertInstanceSettingIfAbsent } from "@/db/queries/instance-settings";
import type { DbOrTx } from "@/db/types";

const AUTH_SECRET_KEY = "auth_secret";

/**
 * The auth secret signs session cookies. Every app instance must share it, so when
 * FOCAL_AUTH_SECRET is not set one is generated once and kept in the database.
 */
export async function ensureAuthSecret(db: DbOrTx, configured?: string): Promise<string> {
  if (configured) return configured;
  // Read first: the secret exists after the first boot, and opening a sealed credential reads it on
  // every turn that calls a tool with one (one query instead of an insert and a query).
  const existing = await getInstanceSetting(db, AUTH_SECRET_KEY);
  if (existing !== null) return existing;
  await insertInstanceSettingIfAbsent(db, AUTH_SECRET_KEY, randomBytes(32).toString("base64url"));
  const secret = await getInstanceSetting(db, AUTH_SECRET_KEY);
  if (secret === null) throw new Error("auth secret missing after insert");
  return secret;
}
