import { pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id } from "./columns";

// An agent's credentials for its http tools (docs/tools.md#credentials). A tool names one by `name`;
// an environment may bind another value to the same name (staging API vs production API), and a turn
// in an environment without its own binding uses the agent's default (environment null). Like
// webhooks, credentials are not part of the configuration version or its bundle: a bundle names them,
// never carries them.
export const agentCredentials = pgTable(
  "agent_credentials",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // null: the agent's default binding; else the environment's name (docs/environments.md).
    environment: text("environment"),
    // bearer | header | basic | query | oauth2_client_credentials (lib/credentials/credential-schemas.ts)
    kind: text("kind").notNull(),
    // The whole kind's fields as JSON, sealed with AES-256-GCM under the instance key
    // (lib/privacy/server/instance-seal.ts), the row's id bound in; never stored or listed as given.
    sealed: text("sealed").notNull(),
    // First 8 hex digits of an HMAC of the secret under a key derived from the instance key: enough
    // to tell two values apart in the console, nothing to guess the value from.
    fingerprint: text("fingerprint").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true, mode: "date" }),
    // oauth2_client_credentials: the access token last fetched, sealed like the secret, and when it
    // stops being used (its expiry minus a margin). The row is locked while a new one is fetched, so
    // instances sharing the database fetch one at a time.
    tokenSealed: text("token_sealed"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true, mode: "date" }),
  },
  // Also the index of the lookups: by agent, by agent and name.
  (t) => [unique("agent_credentials_agent_name_env_uq").on(t.agentId, t.name, t.environment).nullsNotDistinct()],
);

export type AgentCredentialRow = typeof agentCredentials.$inferSelect;
