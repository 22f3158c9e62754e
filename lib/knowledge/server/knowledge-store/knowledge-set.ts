import "server-only";
import { createHash } from "node:crypto";
import {
  analyzeKnowledgeTables,
  insertKnowledgeSet,
  insertKnowledgeVersion,
  knowledgeSetExists,
  type PassageRow,
  type SetPassageRow,
} from "@/db/queries/knowledge-passages";
import type { DbOrTx } from "@/db/types";
import type { AgentSnapshot, EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { wordsOf } from "@/lib/engine/knowledge/memory-index";
import { terms, vectorText } from "@/lib/engine/knowledge/terms";
import { textSearchConfig } from "@/lib/engine/knowledge/text-search-config";

/** Passages from which a new set refreshes the planner's statistics (the database store's threshold). */
const ANALYZE_FROM = 10_000;

/** The knowledge set a snapshot searches: its id is the sha-256 of its sources and text search configuration. */
function knowledgeSetId(sources: readonly EngineKnowledgeSource[], textConfig: string): string {
  return createHash("sha256")
    .update(JSON.stringify([textConfig, sources]), "utf8")
    .digest("hex");
}

function countsOf(list: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of list) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/**
 * The rows of a new set: every passage of the sources in order with its source and scope, the
 * passages' headings and text with their terms (title left out: it is the membership's), and the
 * statistics over the whole set (title included, as terms.ts `passageTerms` counts them).
 */
function setRows(id: string, textConfig: string, sources: readonly EngineKnowledgeSource[]) {
  const passages = new Map<string, PassageRow>();
  const members: SetPassageRow[] = [];
  const documentFrequency = new Map<string, number>();
  const titleTerms = new Map<string, string[]>();
  let totalLength = 0;
  const all = sources.flatMap((source) => passagesOf(source).map((passage) => ({ source, passage })));
  for (const [position, { source, passage }] of all.entries()) {
    const content = terms(vectorText(passage));
    let title = titleTerms.get(passage.title);
    if (!title) {
      title = terms(passage.title);
      titleTerms.set(passage.title, title);
    }
    totalLength += title.length + content.length;
    const counts = countsOf(content);
    for (const term of new Set([...title, ...counts.keys()])) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    if (!passages.has(passage.id)) {
      passages.set(passage.id, {
        id: passage.id,
        textConfig,
        headingPath: passage.headingPath,
        text: passage.text,
        terms: Object.fromEntries(counts),
        termCount: content.length,
      });
    }
    members.push({
      setId: id,
      position,
      passageId: passage.id,
      sourceKey: source.id,
      title: passage.title,
      scope: source.scope,
      scopeId: source.scopeId,
      start: passage.start,
      end: passage.end,
    });
  }
  return {
    set: {
      id,
      textConfig,
      passages: members.length,
      totalLength,
      documentFrequency: Object.fromEntries(documentFrequency),
      words: wordsOf(all.map((a) => a.passage)),
    },
    passages: [...passages.values()],
    members,
  };
}

/**
 * Records which knowledge set the agent's `configVersion` searches, writing the set (and the passages
 * no other set holds) when it is new: in the transaction of the config change that made the version, so
 * a version never exists without its passages. A version whose knowledge equals an earlier one's (a
 * rule edited) only adds its version row. No knowledge, no row.
 */
export async function keepKnowledgeSet(
  tx: DbOrTx,
  agentId: string,
  configVersion: number,
  snapshot: Pick<AgentSnapshot, "knowledge" | "settings">,
): Promise<{ setId: string; created: boolean } | null> {
  const sources = snapshot.knowledge ?? [];
  if (sources.length === 0) return null;
  const textConfig = textSearchConfig(snapshot.settings.language.allowed);
  const setId = knowledgeSetId(sources, textConfig);
  const created = !(await knowledgeSetExists(tx, setId));
  if (created) {
    const rows = setRows(setId, textConfig, sources);
    await insertKnowledgeSet(tx, rows.set, rows.passages, rows.members);
    // A large set changes the tables' statistics at once; planned on the old ones, the full-text search
    // skipped the GIN index and read the whole set (260 ms against 42 ms at 12,000 passages).
    if (rows.members.length >= ANALYZE_FROM) await analyzeKnowledgeTables(tx);
  }
  await insertKnowledgeVersion(tx, { agentId, configVersion, setId });
  return { setId, created };
}
