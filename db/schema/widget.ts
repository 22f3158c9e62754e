import { sql } from "drizzle-orm";
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
    // The environments its sessions may run in (released ones only; never draft). Keys made before this
    // column could pick any named environment; they are held to production like every new key.
    environments: jsonb("environments").$type<string[]>().notNull().default(sql`'["production"]'::jsonb`),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("publishable_keys_hash_uq").on(t.keyHash), index("publishable_keys_agent_idx").on(t.agentId)],
);

// The secret an agent's company signs its customers' identity tokens with (docs/widget.md#identified-customers):
// one per agent, replaced on rotation. An HMAC check needs the secret itself, so it is sealed
// (AES-256-GCM under the instance's key, lib/widget/server/identity-secret-seal.ts), never stored as given.
export const customerIdentitySecrets = pgTable("customer_identity_secrets", {
  agentId: uuid("agent_id")
    .primaryKey()
    .references(() => agents.id, { onDelete: "cascade" }),
  sealed: text("sealed").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: createdAt(),
});
