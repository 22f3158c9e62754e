import "server-only";
import { createHash } from "node:crypto";
import { shareKnowledgeStoreLock } from "@/db/queries/advisory-locks";
import {
  analyzeKnowledgeTables,
  insertKnowledgeSet,
  insertKnowledgeVersion,
  insertPassageVectors,
  knowledgeSetExists,
  type PassageRow,
  passagesWithoutVector,
  type SetPassageRow,
} from "@/db/queries/knowledge-passages";
import type { DbOrTx, Transaction } from "@/db/types";
import type { AgentSnapshot, EngineKnowledgeSource } from "@/lib/engine/contracts/snapshot";
import { passagesOf } from "@/lib/engine/knowledge/compiled-knowledge";
import { wordsOf } from "@/lib/engine/knowledge/memory-index";
import { setPostingsOf } from "@/lib/engine/knowledge/set-postings";
import { termAssociations } from "@/lib/engine/knowledge/term-associations";
import { type PassageTerms, terms, vectorText } from "@/lib/engine/knowledge/terms";
import { textSearchConfig } from "@/lib/engine/knowledge/text-search-config";
import type { Embedder } from "@/lib/engine/ports";
import { hostPorts } from "@/lib/server/engine-ports/host-ports";
import { vectorBytes } from "./passage-vector";

/**
 * From this many passages a version's knowledge is searched in the database; below it, in memory. The
 * in-memory index embeds every passage when the agent is compiled and scans every vector per question
 * (bench/knowledge/README.md, `BENCH_ONLY_KNOWLEDGE_PG=1`, a loaded 2-core machine): at 10,000 passages
 * 3.0 s per compile and 66 / 134 ms per search (p50 / p95), growing with the base. Below it the
 * in-memory index stays: it also finds the passages that share no word with the question, by vector
 * alone, and the demo and tests keep their exact behaviour. A set this large gets fresh planner
 * statistics when it is written.
 */
export const DB_STORE_MIN_PASSAGES = 10_000;
/** Passages embedded and written per round while a large set's vectors are kept. */
const VECTOR_BATCH = 2000;

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

/** A passage's terms as the scorer counts them (terms.ts passageTerms): its own, and its source's title's. */
export function withTitleTerms(
  counts: ReadonlyMap<string, number>,
  termCount: number,
  title: readonly string[],
): PassageTerms {
  const all = new Map(counts);
  for (const term of title) all.set(term, (all.get(term) ?? 0) + 1);
  return { counts: all, length: termCount + title.length };
}

/**
 * The rows of a new set: every passage of the sources in order with its source and scope, the
 * passages' headings and text with their terms (title left out: it is the membership's), and the
 * statistics and postings over the whole set (title included, as terms.ts `passageTerms` counts them).
 */
function setRows(id: string, textConfig: string, sources: readonly EngineKnowledgeSource[]) {
  const passages = new Map<string, PassageRow>();
  const members: SetPassageRow[] = [];
  const documentFrequency = new Map<string, number>();
  const titleTerms = new Map<string, string[]>();
  const scored: PassageTerms[] = [];
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
    const passageTerms = withTitleTerms(counts, content.length, title);
    scored.push(passageTerms);
    for (const term of passageTerms.counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
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
  const { postings, lengths } = setPostingsOf(scored);
  return {
    set: {
      id,
      textConfig,
      lengths,
      passages: members.length,
      totalLength,
      documentFrequency: Object.fromEntries(documentFrequency),
      words: wordsOf(all.map((a) => a.passage)),
      associations: Object.fromEntries(termAssociations(all.map((a) => a.passage))),
    },
    passages: [...passages.values()],
    members,
    terms: [...postings].map(([term, bytes]) => ({ setId: id, term, postings: bytes })),
  };
}

/**
 * The vectors of a set's passages that have none from `embedder` yet, so a search reads its
 * candidates' vectors instead of embedding them (40–75 ms a search at 100,000 passages).
 */
async function keepPassageVectors(tx: DbOrTx, passages: readonly PassageRow[], embedder: Embedder): Promise<void> {
  for (let i = 0; i < passages.length; i += VECTOR_BATCH) {
    const batch = passages.slice(i, i + VECTOR_BATCH);
    const missing = new Set(
      await passagesWithoutVector(
        tx,
        batch.map((p) => p.id),
        embedder.name,
      ),
    );
    const todo = batch.filter((p) => missing.has(p.id));
    if (todo.length === 0) continue;
    const vectors = await embedder.embed(todo.map(vectorText));
    await insertPassageVectors(
      tx,
      todo.map((p, j) => ({
        passageId: p.id,
        embedder: embedder.name,
        vector: vectorBytes(vectors[j] as Float32Array),
      })),
    );
  }
}

/**
 * Records which knowledge set the agent's `configVersion` searches, writing the set (and the passages
 * no other set holds) when it is new: in the transaction of the config change that made the version, so
 * a version never exists without its passages. A version whose knowledge equals an earlier one's (a
 * rule edited) only adds its version row. No knowledge, no row.
 */
export async function keepKnowledgeSet(
  tx: Transaction,
  agentId: string,
  configVersion: number,
  snapshot: Pick<AgentSnapshot, "knowledge" | "settings">,
  embedder: Embedder = hostPorts().embedder,
): Promise<{ setId: string; created: boolean } | null> {
  const sources = snapshot.knowledge ?? [];
  if (sources.length === 0) return null;
  const textConfig = textSearchConfig(snapshot.settings.language.allowed);
  const setId = knowledgeSetId(sources, textConfig);
  // Shared with every other writer; the cleanup of unreferenced sets and passages waits for none of
  // them and deletes nothing while one is open (prune-knowledge.ts).
  await shareKnowledgeStoreLock(tx);
  const created = !(await knowledgeSetExists(tx, setId));
  if (created) {
    const rows = setRows(setId, textConfig, sources);
    const written = await insertKnowledgeSet(tx, rows.set, rows.passages, rows.members, rows.terms);
    // Every set, not only a large one: a base that grows past DB_STORE_MIN_PASSAGES then embeds only
    // its new passages, and an edit embeds the passages it changed.
    if (written) await keepPassageVectors(tx, rows.passages, embedder);
    // A large set changes the tables' statistics at once; planned on the old ones, a search once read
    // the whole set instead of looking its rows up by key (260 ms against 42 ms at 12,000 passages).
    if (written && rows.members.length >= DB_STORE_MIN_PASSAGES) await analyzeKnowledgeTables(tx);
  }
  await insertKnowledgeVersion(tx, { agentId, configVersion, setId });
  return { setId, created };
}
