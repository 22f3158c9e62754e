import "server-only";
import { insertVaultEntries, listVaultEntries, type VaultEntryRow } from "@/db/queries/pii-vault";
import type { DbOrTx } from "@/db/types";
import type { PiiVault } from "@/lib/engine/ports";
import { placeholderOf } from "@/lib/engine/stages/privacy/placeholder";
import { restorePlaceholders } from "@/lib/engine/stages/privacy/restore-placeholders";
import type { TurnSettler } from "@/lib/turns/server/turn-settler";
import { openValue, sealValue } from "./vault-cipher";
import { logVaultFault } from "./vault-fault";
import { vaultKey } from "./vault-key";

// One session's PII vault for one turn (docs/privacy.md): the entries kept so far, opened with the
// key; the placeholders the turn hands out; the new entries sealed and stored in the turn's
// transaction. Without a key or with entries that do not open, the turn still masks (placeholders
// numbered past every stored one) but restores and keeps nothing it cannot read.

interface Sealed {
  /** The value as the customer wrote it: what a restore puts back. */
  v: string;
  /** The normalised value: what finds the same value's placeholder again. */
  n: string;
}

export interface SessionVault {
  /** The engine's port: placeholders for the values the privacy stage finds. */
  port: PiiVault;
  /** The real value behind a placeholder, when this vault can read it. */
  realValueOf(placeholder: string): string | undefined;
  /** The text with every placeholder it can read restored. */
  restore(text: string): string;
  /** Seals and stores the placeholders handed out this turn (inside the turn's transaction). */
  save(tx: DbOrTx): Promise<void>;
}

const numberOf = (placeholder: string): number => Number(/_(\d+)\]$/.exec(placeholder)?.[1] ?? 0);
const lookupKey = (label: string, normalized: string) => `${label}\u0000${normalized}`;

function keyOrNull(sessionId: string): Buffer | null {
  try {
    return vaultKey();
  } catch (error) {
    logVaultFault("PII_VAULT_KEY_UNREADABLE", sessionId, error);
    return null;
  }
}

/** Opens what it can of the stored entries; one that does not open is logged once and left closed. */
function openEntries(key: Buffer | null, sessionId: string, rows: readonly VaultEntryRow[]) {
  const byValue = new Map<string, string>();
  const values = new Map<string, string>();
  let unreadable = 0;
  for (const row of rows) {
    if (!key) continue;
    try {
      const sealed = JSON.parse(openValue(key, sessionId, row.placeholder, row.sealed)) as Sealed;
      byValue.set(lookupKey(row.label, sealed.n), row.placeholder);
      values.set(row.placeholder, sealed.v);
    } catch {
      unreadable += 1;
    }
  }
  if (unreadable > 0) logVaultFault("PII_VAULT_UNREADABLE", sessionId);
  return { byValue, values };
}

export async function openSessionVault(db: DbOrTx, sessionId: string): Promise<SessionVault> {
  return sessionVaultOf(sessionId, await listVaultEntries(db, sessionId));
}

/** The session's vault from its stored entries, oldest first (a turn reads them with its session). */
export function sessionVaultOf(sessionId: string, rows: readonly VaultEntryRow[]): SessionVault {
  const key = keyOrNull(sessionId);
  const { byValue, values } = openEntries(key, sessionId, rows);
  const highest = new Map<string, number>();
  for (const row of rows) highest.set(row.label, Math.max(highest.get(row.label) ?? 0, numberOf(row.placeholder)));
  const pending: { placeholder: string; label: string; sealed: Sealed }[] = [];

  const port: PiiVault = {
    placeholderFor(found) {
      const known = byValue.get(lookupKey(found.label, found.normalized));
      if (known) return known;
      const n = (highest.get(found.label) ?? 0) + 1;
      highest.set(found.label, n);
      const placeholder = placeholderOf(found.label, n);
      byValue.set(lookupKey(found.label, found.normalized), placeholder);
      pending.push({ placeholder, label: found.label, sealed: { v: found.value, n: found.normalized } });
      // Without a key nothing is kept, so nothing is restored either: what ships is what is stored.
      if (key) values.set(placeholder, found.value);
      return placeholder;
    },
  };
  return {
    port,
    realValueOf: (placeholder) => values.get(placeholder),
    restore: (text) => restorePlaceholders(text, (placeholder) => values.get(placeholder)),
    async save(tx) {
      if (pending.length === 0) return;
      if (!key) {
        logVaultFault("PII_VAULT_KEY_MISSING", sessionId);
        return;
      }
      await insertVaultEntries(
        tx,
        sessionId,
        pending.map((entry) => ({
          placeholder: entry.placeholder,
          label: entry.label,
          sealed: sealValue(key, sessionId, entry.placeholder, JSON.stringify(entry.sealed)),
        })),
      );
    },
  };
}

/** The placeholders a turn handed out, sealed and stored with the turn (docs/privacy.md). */
export const vaultSettler: TurnSettler = {
  name: "pii-vault",
  settle: (tx, turn) => turn.vault.save(tx),
};
