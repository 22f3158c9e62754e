import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id } from "./columns";

// Publishable keys (docs/widget.md): a key a web page may carry, bound to one agent and the origins
// that may use it. Stored hashed like API keys; the prefix tells keys apart in lists.
export const publishableKeys = pgTable(
  "publishable_keys",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    // Exact scheme://host[:port] origins, normalised (lower case, no default port).
    allowedOrigins: jsonb("allowed_origins").$type<string[]>().notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("publishable_keys_hash_uq").on(t.keyHash), index("publishable_keys_agent_idx").on(t.agentId)],
);
