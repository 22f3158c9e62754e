import { eq } from "drizzle-orm";
import { piiVaultEntries } from "../schema";
import type { DbOrTx } from "../types";

export interface VaultEntryRow {
  placeholder: string;
  label: string;
  sealed: string;
}

/** Every entry of a session's vault, oldest first. */
export function listVaultEntries(db: DbOrTx, sessionId: string): Promise<VaultEntryRow[]> {
  return db
    .select({ placeholder: piiVaultEntries.placeholder, label: piiVaultEntries.label, sealed: piiVaultEntries.sealed })
    .from(piiVaultEntries)
    .where(eq(piiVaultEntries.sessionId, sessionId))
    .orderBy(piiVaultEntries.createdAt);
}

/** New entries of a turn, in its transaction; a placeholder already kept is left as it is. */
export async function insertVaultEntries(db: DbOrTx, sessionId: string, rows: VaultEntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(piiVaultEntries)
    .values(rows.map((row) => ({ ...row, sessionId })))
    .onConflictDoNothing();
}
