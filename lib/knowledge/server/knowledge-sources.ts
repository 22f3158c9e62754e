import "server-only";
import type { Database } from "@/db/types";
import { readAgentConfig } from "@/lib/bundles/server/read-agent-config";
import type { BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { keyFromName } from "@/lib/keys/key-from-name";
import { AppError } from "@/lib/server/errors";
import type { ConfigChangeRequest } from "@/lib/versioning/server/change-agent-config";
import { pdfPageCount } from "../knowledge-files";
import type { KnowledgeSourceInput, KnowledgeSourceSummary, KnowledgeSourceWritten } from "../knowledge-schemas";
import { instructionPassagesOf } from "./instruction-passages-cache";
import { storedSourceOf } from "./knowledge-file-source";
import { knowledgeSourceEntity } from "./knowledge-source-entity";

/** A source as listed: its passage count is what the agent will search (chunk-source.ts). */
export function sourceSummary(source: BundleKnowledgeSource): KnowledgeSourceSummary {
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
  };
}

export async function listKnowledgeSources(db: Database, agentKey: string) {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  return { config_version: agent.configVersion, sources: bundle.knowledge_sources.map(sourceSummary) };
}

export async function readKnowledgeSource(db: Database, agentKey: string, id: string) {
  const { agent, bundle } = await readAgentConfig(db, agentKey);
  const source = bundle.knowledge_sources.find((s) => s.key === id);
  if (!source) throw new AppError("NOT_FOUND", `${agent.name} has no knowledge source "${id}".`);
  return {
    config_version: agent.configVersion,
    ...sourceSummary(source),
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

function written(outcome: { config_version: number; changed: boolean; value: BundleKnowledgeSource | null }) {
  if (!outcome.value) throw new Error("a knowledge source write answered without the source");
  return { config_version: outcome.config_version, changed: outcome.changed, ...sourceSummary(outcome.value) };
}

/** The source an add stores: the key made from the title when the body has none, a file converted. */
export async function sourceToAdd(db: Database, agentKey: string, input: KnowledgeSourceInput) {
  const { bundle } = await readAgentConfig(db, agentKey);
  const key = input.key ?? freeKey(input.title, new Set(bundle.knowledge_sources.map((s) => s.key)));
  return storedSourceOf(input, key);
}

/** The source a replacement of `id` stores (a body's other key renames it). */
export function sourceToReplace(id: string, input: KnowledgeSourceInput) {
  return storedSourceOf(input, input.key ?? id);
}

/**
 * Adds a source: one config change, a new version; the key made from the title when the body has none,
 * an uploaded file converted to Markdown first (knowledge-file-source.ts).
 */
export async function createKnowledgeSource(
  db: Database,
  request: ConfigChangeRequest,
  input: KnowledgeSourceInput,
): Promise<KnowledgeSourceWritten> {
  const source = await sourceToAdd(db, request.agentKey, input);
  return written(await knowledgeSourceEntity.outcomes.create(db, request, source));
}

/** Replaces source `id` (a body's other key renames it). */
export async function replaceKnowledgeSource(
  db: Database,
  request: ConfigChangeRequest,
  id: string,
  input: KnowledgeSourceInput,
): Promise<KnowledgeSourceWritten> {
  return written(await knowledgeSourceEntity.outcomes.update(db, request, id, await sourceToReplace(id, input)));
}

export async function deleteKnowledgeSource(db: Database, request: ConfigChangeRequest, id: string) {
  const outcome = await knowledgeSourceEntity.outcomes.delete(db, request, id);
  return { config_version: outcome.config_version, changed: true as const, deleted: id };
}
