import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { JsonContract } from "../json-contracts";
import { agents } from "./agents";
import { createdAt, id } from "./columns";

// An agent's knowledge sources (docs/knowledge.md): the bundle's `knowledge_sources`, one row each, the
// source as the bundle holds it (title, kind, content or FAQ entries, scope by key). Knowledge is
// configuration: every write bumps config_version, and the version's snapshot keeps the sources, so
// environments pin knowledge with the rest and a rollback restores the old passages.
export const knowledgeSources = pgTable(
  "knowledge_sources",
  {
    id: id(),
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    source: jsonb("source").$type<JsonContract<"knowledgeSource">>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("knowledge_sources_agent_key_uq").on(t.agentId, t.key)],
);

export type KnowledgeSourceRow = typeof knowledgeSources.$inferSelect;
