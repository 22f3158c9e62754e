import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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

/**
 * The last fetch of each url source (docs/knowledge.md#url-sources), by the source's key: what the
 * console's table and GET show, and what the `knowledge.refresh` job reads to find the sources due.
 * Not configuration: a fetch that changes nothing, or fails, writes here and makes no config version,
 * and the row outlives a rollback that rewrites knowledge_sources, so a restored source keeps its history.
 */
export const knowledgeSourceFetches = pgTable(
  "knowledge_source_fetches",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    sourceKey: text("source_key").notNull(),
    /** The last attempt: a refresh is due `refresh_hours` after it, whether it succeeded or not. */
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The last attempt that read the URL whole; null until one has. */
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }),
    status: text("status").$type<"ok" | "failed">().notNull(),
    /** Why the last attempt failed, in one sentence; null when it succeeded. */
    error: text("error"),
    /** How many pages the last good fetch read from a sitemap; null for a single page. */
    sitemapPages: integer("sitemap_pages"),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.sourceKey] })],
);

export type KnowledgeSourceFetchRow = typeof knowledgeSourceFetches.$inferSelect;
