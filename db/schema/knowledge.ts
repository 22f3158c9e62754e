import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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

/** A text search configuration name (`english`, `simple`, …), stored as `regconfig`. */
const regconfig = customType<{ data: string }>({ dataType: () => "regconfig" });
/** Raw bytes (`bytea`): both drivers take and give a Uint8Array (postgres-js a Buffer, one). */
const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

// Passages in the database, for knowledge bases too large for the in-memory index
// (lib/knowledge/server/knowledge-store/README.md, docs/knowledge.md#large-knowledge-bases).
//
// Content-addressed: a passage's row is keyed by its id (lib/engine/knowledge/passage-id.ts, sha-256 of
// its headings and text) and the text search configuration it is indexed under, so every version,
// every source and every agent holding the same passage in the same language share one row; a new
// version writes only the passages that changed. The source's title is not part of a passage (the same
// paragraph may sit in two sources), so it lives on the membership row.
export const knowledgePassages = pgTable(
  "knowledge_passages",
  {
    id: text("id").notNull(),
    textConfig: regconfig("text_config").notNull(),
    headingPath: jsonb("heading_path").$type<string[]>().notNull(),
    text: text("text").notNull(),
    /** The knowledge scorer's terms (lib/engine/knowledge/terms.ts) of the headings and text, term → count. */
    terms: jsonb("terms").$type<Record<string, number>>().notNull(),
    termCount: integer("term_count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.textConfig] })],
);

// A passage's vector from one embedder (terms.ts `vectorText`: headings and text, so it does not depend on
// the text search configuration), written with a large set so a search reads its candidates' vectors
// instead of embedding them (lib/knowledge/server/knowledge-store/README.md). Float32, little-endian;
// keyed by the embedder's name, so a store whose embedder differs embeds the candidates itself.
export const knowledgePassageVectors = pgTable(
  "knowledge_passage_vectors",
  {
    passageId: text("passage_id").notNull(),
    embedder: text("embedder").notNull(),
    vector: bytea("vector").notNull(),
  },
  (t) => [primaryKey({ columns: [t.passageId, t.embedder] })],
);

// One agent's knowledge at one moment: the passages of its sources in order, with each passage's source,
// title and scope, and the corpus statistics the final ranking needs (lib/engine/knowledge/bm25.ts).
// Keyed by the sha-256 of the engine's sources and the text configuration, so config versions whose
// knowledge is the same (a rule edited, a setting changed) share a set instead of copying its rows.
export const knowledgeSets = pgTable("knowledge_sets", {
  id: text("id").primaryKey(),
  textConfig: regconfig("text_config").notNull(),
  passages: integer("passages").notNull(),
  /** Σ terms over the passages, title included (the BM25 mean length is this / passages). */
  totalLength: bigint("total_length", { mode: "number" }).notNull(),
  /** Term → in how many of the set's passages it occurs (title included), over the whole set. */
  documentFrequency: jsonb("document_frequency").$type<Record<string, number>>().notNull(),
  /** The set's distinct content words, for query expansion by word vectors (query-expansion.ts). */
  words: jsonb("words").$type<string[]>().notNull(),
  /**
   * Term → the more common terms the set's passages say it with, for the query
   * (lib/engine/knowledge/term-associations.ts); empty in a set written before they were kept.
   */
  associations: jsonb("associations")
    .$type<Record<string, readonly { term: string; confidence: number }[]>>()
    .notNull()
    .default({}),
  /**
   * Every passage's length in terms, title included, in position order (varints,
   * lib/engine/knowledge/set-postings.ts); null in a set written before postings were kept.
   */
  lengths: bytea("lengths"),
  createdAt: createdAt(),
});

// A set's inverted index: per term of the scorer (lib/engine/knowledge/terms.ts), the positions of the
// set's passages holding it and how often (lib/engine/knowledge/set-postings.ts). A search reads one
// row per query term; the passages' own rows only for the candidates.
export const knowledgeSetTerms = pgTable(
  "knowledge_set_terms",
  {
    setId: text("set_id")
      .notNull()
      .references(() => knowledgeSets.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    postings: bytea("postings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.setId, t.term] })],
);

export const knowledgeSetPassages = pgTable(
  "knowledge_set_passages",
  {
    setId: text("set_id")
      .notNull()
      .references(() => knowledgeSets.id, { onDelete: "cascade" }),
    /** Order in the set (source by source, passage by passage): the in-memory index's order. */
    position: integer("position").notNull(),
    passageId: text("passage_id").notNull(),
    /** The engine source's id: its key. */
    sourceKey: text("source_key").notNull(),
    title: text("title").notNull(),
    scope: text("scope").$type<"GLOBAL" | "SCENARIO" | "STEP">().notNull(),
    scopeId: text("scope_id"),
    start: integer("start").notNull(),
    end: integer("end").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.position] }),
    index("knowledge_set_passages_passage_idx").on(t.passageId, t.setId),
    index("knowledge_set_passages_source_idx").on(t.setId, t.sourceKey),
  ],
);

/** Which knowledge set each config version of an agent searches; written in the config change's transaction. */
export const knowledgeVersions = pgTable(
  "knowledge_versions",
  {
    agentId: uuid("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    configVersion: integer("config_version").notNull(),
    setId: text("set_id")
      .notNull()
      .references(() => knowledgeSets.id),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.configVersion] }), index("knowledge_versions_set_idx").on(t.setId)],
);

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
