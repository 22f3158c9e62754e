import { integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const agents = pgTable(
  "agents",
  {
    id: id(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // Config objects (ScenarioFilterConfig, EnforcementConfig, RERUN_CONFIG, FATIGUE_CONFIG,
    // continuity, ambiguity) as given; omitted keys take the defaults when read.
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    configVersion: integer("config_version").notNull().default(1),
    profileSchemaVersion: integer("profile_schema_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("agents_key_uq").on(t.key)],
);

export type AgentRow = typeof agents.$inferSelect;
