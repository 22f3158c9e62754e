import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

// Tables better-auth reads and writes (mapped in db/auth-adapter.ts). Column names follow its
// model fields; `role` and `disabled` are Focal's additional fields on the user model.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const operators = pgTable("operators", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("viewer"),
  disabled: boolean("disabled").notNull().default(false),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("auth_accounts_user_idx").on(t.userId)],
);

export const authVerifications = pgTable("auth_verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// better-auth's database rate-limit storage: shared by every app instance on one PostgreSQL.
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// Focal's own sign-in limits (lib/server/auth/sign-in-throttle.ts), in the database so every instance
// shares them. One row per key: "address:<ip>" (attempts this minute), "account:<email>" (attempts
// since the last success, and the backoff), "known:<email>|<ip>" (an address that signed in to it).
export const signInThrottles = pgTable(
  "sign_in_throttles",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    blockedUntil: ts("blocked_until"),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sign_in_throttles_expires_at_idx").on(t.expiresAt)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    name: text("name").notNull(),
    // First characters of the key (e.g. "fk_AbCd1234"), shown in lists to tell keys apart.
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    // The agents (ids) the key may reach; null: every agent. A deleted agent's id stays, so a key
    // limited to deleted agents reaches none rather than all.
    agentIds: jsonb("agent_ids").$type<string[]>(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_uq").on(t.keyHash)],
);

// Instance-wide values that every app instance must share (the auth secret).
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export type OperatorRow = typeof operators.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
