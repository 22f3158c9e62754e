import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { sessions } from "./conversations";

/**
 * The session's PII vault (docs/privacy.md): the real value behind each placeholder of its messages,
 * encrypted with AES-256-GCM under the vault key (`sealed`: version, IV, tag and ciphertext, base64url).
 * Deleted with its session (retention, customer deletion).
 */
export const piiVaultEntries = pgTable(
  "pii_vault_entries",
  {
    id: id(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** `[CARD_1]`: unique in its session. */
    placeholder: text("placeholder").notNull(),
    /** The placeholder's label (`CARD`), readable without the key to number the next value. */
    label: text("label").notNull(),
    sealed: text("sealed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("pii_vault_session_placeholder_idx").on(t.sessionId, t.placeholder)],
);
