import "server-only";
import { eq } from "drizzle-orm";
import { instanceSettings } from "../schema";
import type { DbOrTx } from "../types";

// Instance-wide values every app instance shares (the auth secret, the first-start demo mark).

/** Stores the value unless the key has one already: the first writer among racing instances wins. */
export async function insertInstanceSettingIfAbsent(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(instanceSettings).values({ key, value }).onConflictDoNothing();
}

export async function getInstanceSetting(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, key));
  return row?.value ?? null;
}
