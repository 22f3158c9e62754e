import "server-only";
import {
  deleteKnowledgeSourceRow,
  insertKnowledgeSourceRow,
  knowledgeSourceIdByKey,
  updateKnowledgeSourceRow,
} from "@/db/queries/knowledge";
import { diffEntityFields, type EntityFieldDiff } from "@/lib/bundles/entity-field-diff";
import type { Bundle, BundleKnowledgeSource } from "@/lib/engine/contracts/bundle";
import { validateBundleReferences } from "@/lib/engine/contracts/bundle-references";
import { AppError } from "@/lib/server/errors";
import { configEntity, oneRow } from "@/lib/versioning/server/config-entity/config-entity";

const SOURCE_FIELDS = [
  "key",
  "title",
  "kind",
  "content",
  "entries",
  "scope",
  "scope_ref",
  "url",
  "refresh_hours",
] as const;

function diffKnowledgeSource(
  before: BundleKnowledgeSource | null,
  after: BundleKnowledgeSource | null,
): EntityFieldDiff {
  return diffEntityFields(SOURCE_FIELDS, before, after);
}

/**
 * The source checked against the whole agent, as an import would check it: its key unique, its scope
 * naming a scenario or step the agent has. Issues name the source's own fields ("scope_ref").
 */
function assertSourceFits(bundle: Bundle, source: BundleKnowledgeSource, replacing: string | null): void {
  const others = bundle.knowledge_sources.filter((s) => s.key !== replacing);
  const at = `knowledge_sources[${others.length}]`;
  const issues = validateBundleReferences({ ...bundle, knowledge_sources: [...others, source] })
    .filter((issue) => issue.path.startsWith(`${at}.`))
    .map((issue) => ({ path: issue.path.slice(at.length + 1), message: issue.message }));
  if (issues.length > 0) {
    throw new AppError(
      "VALIDATION",
      `The knowledge source has ${issues.length === 1 ? "a problem" : `${issues.length} problems`}; nothing was saved.`,
      issues,
    );
  }
}

/** Knowledge sources (docs/knowledge.md): one row each, the source as the bundle holds it. */
export const knowledgeSourceEntity = configEntity({
  entity: "knowledge_source",
  ...oneRow({
    keyOf: (source: BundleKnowledgeSource) => source.key,
    listOf: (bundle: Bundle) => bundle.knowledge_sources,
    find: { idOf: knowledgeSourceIdByKey, noun: "knowledge source", reload: "reload the Knowledge page" },
    write: {
      columns: (source: BundleKnowledgeSource) => ({ key: source.key, source }),
      insert: insertKnowledgeSourceRow,
      update: updateKnowledgeSourceRow,
      remove: deleteKnowledgeSourceRow,
    },
  }),
  diff: diffKnowledgeSource,
  assertFits: (bundle, source, replacing) => assertSourceFits(bundle, source, replacing?.value.key ?? null),
  reply: ({ config_version, changed, value }) => ({ config_version, changed, knowledge_source: value }),
});
