import "server-only";
import { getAgentByKey } from "@/db/queries/agents";
import {
  deleteKnowledgeSourceFetch,
  knowledgeSourceFetchesOf,
  recordKnowledgeSourceFetch,
} from "@/db/queries/knowledge";
import type { Database, DbOrTx, KnowledgeSourceFetchRow } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { keyFromName } from "@/lib/keys/key-from-name";
import { AppError } from "@/lib/server/errors";
import type { ConfigChangeRequest } from "@/lib/versioning/server/change-agent-config";
import { pdfPageCount } from "../knowledge-files";
import type {
  KnowledgeFileUpload,
  KnowledgeSourceFetch,
  KnowledgeSourceInput,
  KnowledgeSourceSummary,
  KnowledgeSourceWritten,
} from "../knowledge-schemas";
import { instructionPassagesOf } from "./instruction-passages-cache";
import { storedSourceOf, storedSourceOfUpload, type UrlRead } from "./knowledge-file-source";
import { knowledgeSourceEntity } from "./knowledge-source-entity";

/** A url source's last fetch as GET and the console show it; null for other kinds or before any fetch. */
function fetchSummary(row: KnowledgeSourceFetchRow | undefined): KnowledgeSourceFetch | null {
  if (!row) return null;
  return {
    status: row.status,
    attempted_at: row.attemptedAt.toISOString(),
    fetched_at: row.fetchedAt?.toISOString() ?? null,
    error: row.error,
    sitemap_pages: row.sitemapPages,
  };
}

/** A source as listed: its passage count is what the agent will search (chunk-source.ts). */
export function sourceSummary(
  source: BundleKnowledgeSource,
  fetched?: KnowledgeSourceFetchRow,
): KnowledgeSourceSummary {
  const cut = passagesOf({ ...source, id: source.key, scopeId: null });
  return {
    id: source.key,
    title: source.title,
    kind: source.kind,
    scope: source.scope,
    scope_ref: source.scope_ref,
    passages: cut.length,
    pages: source.kind === "pdf" ? pdfPageCount(source.content) : null,
    instructions: instructionPassagesOf(cut).map((p) => ({
      passage_id: p.passageId,
      heading_path: p.headingPath,
      verdict: p.verdict,
      signals: p.signals,
    })),
    url: source.url ?? null,
    refresh_hours: source.refresh_hours ?? null,
    fetch: source.kind === "url" ? fetchSummary(fetched) : null,
  };
}

async function fetchRowsBySource(db: DbOrTx, agentId: string): Promise<Map<string, KnowledgeSourceFetchRow>> {
  return new Map((await knowledgeSourceFetchesOf(db, agentId)).map((row) => [row.sourceKey, row]));
}

export async function listKnowledgeSources(db: Database, agentKey: string) {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  const fetches = await fetchRowsBySource(db, agent.id);
  return {
    config_version: agent.configVersion,
    sources: bundle.knowledge_sources.map((source) => sourceSummary(source, fetches.get(source.key))),
  };
}

export async function readKnowledgeSource(db: Database, agentKey: string, id: string) {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  const source = bundle.knowledge_sources.find((s) => s.key === id);
  if (!source) throw new AppError("NOT_FOUND", `${agent.name} has no knowledge source "${id}".`);
  const fetches = await fetchRowsBySource(db, agent.id);
  return {
    config_version: agent.configVersion,
    ...sourceSummary(source, fetches.get(source.key)),
    content: source.content,
    entries: source.entries,
  };
}

/** The title's key ("Returns policy" → "returns-policy"), numbered past the keys the agent has. */
function freeKey(title: string, taken: ReadonlySet<string>): string {
  const base = keyFromName(title) || "source";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 60)}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The write's answer. A url source that was fetched has its fetch recorded first (after the version
 * is kept: the record is not configuration, and a save refused by the gate records nothing).
 */
async function written(
  db: Database,
  agentKey: string,
  outcome: { config_version: number; changed: boolean; value: BundleKnowledgeSource | null },
  read: UrlRead | null,
): Promise<KnowledgeSourceWritten> {
  const source = outcome.value;
  if (!source) throw new Error("a knowledge source write answered without the source");
  const agent = await getAgentByKey(db, agentKey);
  if (!agent) throw new AppError("NOT_FOUND", `There is no agent "${agentKey}".`);
  if (read) {
    const now = new Date();
    await recordKnowledgeSourceFetch(db, agent.id, source.key, {
      attemptedAt: now,
      fetchedAt: now,
      status: "ok",
      error: null,
      sitemapPages: read.sitemapPages,
    });
  }
  const fetches = await fetchRowsBySource(db, agent.id);
  return {
    config_version: outcome.config_version,
    changed: outcome.changed,
    ...sourceSummary(source, fetches.get(source.key)),
  };
}

/**
 * The source an add stores, and what its URL read when it has one: the key made from the title when
 * the body has none, an uploaded file converted to Markdown first (knowledge-file-source.ts).
 */
export async function sourceToAdd(db: Database, agentKey: string, input: KnowledgeSourceInput) {
  const { bundle } = await readAgentConfig(db, agentKey);
  const key = input.key ?? freeKey(input.title, new Set(bundle.knowledge_sources.map((s) => s.key)));
  return storedSourceOf(input, key);
}

/** The source a replacement of `id` stores (a body's other key renames it). */
export function sourceToReplace(id: string, input: KnowledgeSourceInput) {
  return storedSourceOf(input, input.key ?? id);
}

/** Adds a source: one config change, a new version (sourceToAdd). */
export async function createKnowledgeSource(
  db: Database,
  request: ConfigChangeRequest,
  input: KnowledgeSourceInput,
): Promise<KnowledgeSourceWritten> {
  const { source, read } = await sourceToAdd(db, request.agentKey, input);
  return written(db, request.agentKey, await knowledgeSourceEntity.outcomes.create(db, request, source), read);
}

/** Adds a source from an uploaded file (multipart), converted on save: one config change, a new version. */
export async function createKnowledgeSourceFromUpload(
  db: Database,
  request: ConfigChangeRequest,
  upload: KnowledgeFileUpload,
): Promise<KnowledgeSourceWritten> {
  const { bundle } = await readAgentConfig(db, request.agentKey);
  const key = upload.key ?? freeKey(upload.title, new Set(bundle.knowledge_sources.map((s) => s.key)));
  const source = await storedSourceOfUpload(upload, key);
  return written(db, request.agentKey, await knowledgeSourceEntity.outcomes.create(db, request, source), null);
}

/** Replaces source `id` (a body's other key renames it). */
export async function replaceKnowledgeSource(
  db: Database,
  request: ConfigChangeRequest,
  id: string,
  input: KnowledgeSourceInput,
): Promise<KnowledgeSourceWritten> {
  const { source, read } = await sourceToReplace(id, input);
  return written(db, request.agentKey, await knowledgeSourceEntity.outcomes.update(db, request, id, source), read);
}

export async function deleteKnowledgeSource(db: Database, request: ConfigChangeRequest, id: string) {
  const outcome = await knowledgeSourceEntity.outcomes.delete(db, request, id);
  const agent = await getAgentByKey(db, request.agentKey);
  if (agent) await deleteKnowledgeSourceFetch(db, agent.id, id);
  return { config_version: outcome.config_version, changed: true as const, deleted: id };
}
