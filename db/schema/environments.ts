import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { createdAt, id, updatedAt } from "./columns";

/** One arm of a traffic split: a kept config version and its share of new sessions, in whole percent. */
export interface SplitArmRow {
  config_version: number;
  percent: number;
}

// An agent's named environments (docs/environments.md). `draft` is never a row: it is always the
// latest version. `production` without a row follows the latest version, as before environments.
export const agentEnvironments = pgTable(
  "agent_environments",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // null: follows the latest version (only production before its first pin).
    pinnedVersion: integer("pinned_version"),
    // A running split: new sessions draw one of these versions; null when the environment is not split.
    splitArms: jsonb("split_arms").$type<SplitArmRow[]>(),
    splitStartedAt: timestamp("split_started_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("agent_environments_agent_name_uq").on(t.agentId, t.name)],
);

// Every pin an environment has had, newest last: rollback walks back through it. `previous_version`
// is the pin this one replaced (null: the environment followed the latest version before).
export const environmentPins = pgTable(
  "environment_pins",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    environment: text("environment").notNull(),
    configVersion: integer("config_version").notNull(),
    previousVersion: integer("previous_version"),
    // promoted | rolled_back | split_ended | created
    reason: text("reason").notNull(),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("environment_pins_agent_env_idx").on(t.agentId, t.environment, t.createdAt)],
);

// A promotion in progress (its test suite runs outside any transaction): a second promotion of the
// same environment finds the row and is refused with 409. Deleted when the promotion ends either way;
// one older than the stale limit (promote-environment.ts) is taken over.
export const environmentPromotions = pgTable(
  "environment_promotions",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    environment: text("environment").notNull(),
    startedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.environment] })],
);

export type AgentEnvironmentRow = typeof agentEnvironments.$inferSelect;
