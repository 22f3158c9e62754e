import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import {
  knowledgePassages,
  knowledgePassageVectors,
  knowledgeSetPassages,
  knowledgeSets,
  knowledgeSetTerms,
  knowledgeVersions,
} from "../schema";
import type { DbOrTx } from "../types";

// The knowledge store's reads and writes (lib/knowledge/server/knowledge-store/README.md): content-addressed
// passages, the sets of passages an agent's knowledge is at one moment, and which set each config
// version searches.

export type PassageRow = typeof knowledgePassages.$inferInsert;
export type SetRow = Omit<typeof knowledgeSets.$inferInsert, "createdAt">;
export type SetPassageRow = typeof knowledgeSetPassages.$inferInsert;
export type SetTermRow = typeof knowledgeSetTerms.$inferInsert;
export type PassageVectorRow = typeof knowledgePassageVectors.$inferInsert;

/** Rows per INSERT: 2,000 × 9 columns stays far under PostgreSQL's 65,535 parameters. */
const BATCH = 2000;

/** A configuration name as a parameter: sent as text, cast here (PGlite reads a regconfig parameter as an oid). */
const regconfigOf = (name: string) => sql`(${name}::text)::regconfig`;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export interface KnowledgeSetHead {
  id: string;
  textConfig: string;
  passages: number;
}

export async function knowledgeSetOfVersion(
  db: DbOrTx,
  agentId: string,
  configVersion: number,
): Promise<KnowledgeSetHead | null> {
  const [row] = await db
    .select({ id: knowledgeSets.id, textConfig: knowledgeSets.textConfig, passages: knowledgeSets.passages })
    .from(knowledgeVersions)
    .innerJoin(knowledgeSets, eq(knowledgeSets.id, knowledgeVersions.setId))
    .where(and(eq(knowledgeVersions.agentId, agentId), eq(knowledgeVersions.configVersion, configVersion)));
  return row ?? null;
}

export async function knowledgeSetExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: knowledgeSets.id }).from(knowledgeSets).where(eq(knowledgeSets.id, id));
  return row !== undefined;
}

/**
 * Writes a set, its membership, its postings and the passages it lacks; false when another transaction
 * wrote the set: it is waited for and left to it (its id is its content, so both would write the same rows).
 */
export async function insertKnowledgeSet(
  db: DbOrTx,
  set: SetRow,
  passages: readonly PassageRow[],
  members: readonly SetPassageRow[],
  terms: readonly SetTermRow[],
): Promise<boolean> {
  const created = await db.insert(knowledgeSets).values(set).onConflictDoNothing().returning({ id: knowledgeSets.id });
  if (created.length === 0) return false;
  await insertInBatches(passages, (batch) => db.insert(knowledgePassages).values(batch).onConflictDoNothing());
  await insertInBatches(members, (batch) => db.insert(knowledgeSetPassages).values(batch));
  await insertSetTerms(db, terms);
  return true;
}

export async function insertSetTerms(db: DbOrTx, terms: readonly SetTermRow[]): Promise<void> {
  await insertInBatches(terms, (batch) => db.insert(knowledgeSetTerms).values(batch).onConflictDoNothing());
}

/** A set written before its postings were kept gets them (setLengths last: a set with lengths has postings). */
export async function setLengths(db: DbOrTx, setId: string, lengths: Uint8Array): Promise<void> {
  await db.update(knowledgeSets).set({ lengths }).where(eq(knowledgeSets.id, setId));
}

/** Every passage of a set in position order: its source's title and its own term counts (headings and text), to rebuild the set's postings. */
export function setPassageTerms(db: DbOrTx, set: { id: string; textConfig: string }) {
  return db
    .select({
      title: knowledgeSetPassages.title,
      terms: knowledgePassages.terms,
      termCount: knowledgePassages.termCount,
    })
    .from(knowledgeSetPassages)
    .innerJoin(
      knowledgePassages,
      and(
        eq(knowledgePassages.id, knowledgeSetPassages.passageId),
        eq(knowledgePassages.textConfig, regconfigOf(set.textConfig)),
      ),
    )
    .where(eq(knowledgeSetPassages.setId, set.id))
    .orderBy(knowledgeSetPassages.position);
}

/** Of `passageIds`, those with no vector from `embedder` yet. */
export async function passagesWithoutVector(
  db: DbOrTx,
  passageIds: readonly string[],
  embedder: string,
): Promise<string[]> {
  if (passageIds.length === 0) return [];
  const kept = await db
    .select({ id: knowledgePassageVectors.passageId })
    .from(knowledgePassageVectors)
    .where(
      and(eq(knowledgePassageVectors.embedder, embedder), inArray(knowledgePassageVectors.passageId, [...passageIds])),
    );
  const have = new Set(kept.map((row) => row.id));
  return passageIds.filter((id) => !have.has(id));
}

/** Keeps passages' vectors; one already kept (another set's, written at the same time) stays. */
export async function insertPassageVectors(db: DbOrTx, rows: readonly PassageVectorRow[]): Promise<void> {
  await insertInBatches(rows, (batch) => db.insert(knowledgePassageVectors).values(batch).onConflictDoNothing());
}

export interface KnowledgeCleanup {
  sets: number;
  passages: number;
  vectors: number;
}

/**
 * Deletes the knowledge sets no config version searches (their agent deleted), then the passages no
 * set holds and the vectors of passages gone. The caller holds the knowledge store's lock alone
 * (advisory-locks.ts), so no set is being written meanwhile.
 */
export async function deleteUnreferencedKnowledge(tx: DbOrTx): Promise<KnowledgeCleanup> {
  const count = (result: unknown) => rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  const sets = count(
    await tx.execute(sql`with gone as (
      delete from knowledge_sets s
      where not exists (select 1 from knowledge_versions v where v.set_id = s.id)
      returning 1
    ) select count(*)::int as n from gone`),
  );
  const passages = count(
    await tx.execute(sql`with gone as (
      delete from knowledge_passages p
      where not exists (select 1 from knowledge_set_passages m where m.passage_id = p.id)
      returning 1
    ) select count(*)::int as n from gone`),
  );
  const vectors = count(
    await tx.execute(sql`with gone as (
      delete from knowledge_passage_vectors v
      where not exists (select 1 from knowledge_passages p where p.id = v.passage_id)
      returning 1
    ) select count(*)::int as n from gone`),
  );
  return { sets, passages, vectors };
}

/**
 * Fresh planner statistics for the knowledge tables (a large set was just written): planned on the
 * statistics of tables that were nearly empty, a search's lookups by key could read whole tables.
 */
export async function analyzeKnowledgeTables(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`analyze knowledge_passages, knowledge_set_passages, knowledge_set_terms, knowledge_passage_vectors`,
  );
}

export async function insertKnowledgeVersion(
  db: DbOrTx,
  row: { agentId: string; configVersion: number; setId: string },
): Promise<void> {
  await db.insert(knowledgeVersions).values(row).onConflictDoNothing();
}

export interface SetStats {
  passages: number;
  totalLength: number;
  documentFrequency: Record<string, number>;
  words: string[];
  associations: Record<string, readonly { term: string; confidence: number }[]>;
  /** The passages' lengths (set-postings.ts); null until the set has postings. */
  lengths: Uint8Array | null;
}

export async function knowledgeSetStats(db: DbOrTx, setId: string): Promise<SetStats | null> {
  const [row] = await db
    .select({
      passages: knowledgeSets.passages,
      totalLength: knowledgeSets.totalLength,
      documentFrequency: knowledgeSets.documentFrequency,
      words: knowledgeSets.words,
      associations: knowledgeSets.associations,
      lengths: knowledgeSets.lengths,
    })
    .from(knowledgeSets)
    .where(eq(knowledgeSets.id, setId));
  return row ?? null;
}

export interface CandidateRow {
  position: number;
  passageId: string;
  sourceKey: string;
  title: string;
  start: number;
  end: number;
  headingPath: string[];
  text: string;
  terms: Record<string, number>;
  termCount: number;
  /** The passage's vector from the embedder asked for (knowledge_passage_vectors), null when none is kept. */
  vector: Uint8Array | null;
}

/** Each source of a set with the positions its passages hold, [start, end): a source's passages are contiguous. */
export async function setSourceRanges(
  db: DbOrTx,
  setId: string,
): Promise<{ key: string; start: number; end: number }[]> {
  return db
    .select({
      key: knowledgeSetPassages.sourceKey,
      start: sql<number>`min(${knowledgeSetPassages.position})::int`,
      end: sql<number>`max(${knowledgeSetPassages.position})::int + 1`,
    })
    .from(knowledgeSetPassages)
    .where(eq(knowledgeSetPassages.setId, setId))
    .groupBy(knowledgeSetPassages.sourceKey);
}

/** The postings of `terms` in a set (one row each, by key); a term no passage holds has none. */
export async function setPostings(
  db: DbOrTx,
  setId: string,
  terms: readonly string[],
): Promise<Map<string, Uint8Array>> {
  if (terms.length === 0) return new Map();
  const rows = await db
    .select({ term: knowledgeSetTerms.term, postings: knowledgeSetTerms.postings })
    .from(knowledgeSetTerms)
    .where(and(eq(knowledgeSetTerms.setId, setId), inArray(knowledgeSetTerms.term, [...terms])));
  return new Map(rows.map((row) => [row.term, row.postings]));
}

/**
 * The set's passages at `positions`, in one statement: each membership row by key, its passage and,
 * when kept, its vector from `embedder` (the terms read as text: as jsonb, 50 rows took 7.7 ms against
 * 2.7 ms, p50, a loaded 2-core machine).
 */
export async function candidatesAt(
  db: DbOrTx,
  set: { id: string; textConfig: string },
  positions: readonly number[],
  embedder: string,
): Promise<CandidateRow[]> {
  if (positions.length === 0) return [];
  const result = await db.execute(sql`
    select m.position, m.passage_id as "passageId", m.source_key as "sourceKey", m.title, m.start, m."end",
      p.heading_path as "headingPath", p.text, p.terms::text as terms, p.term_count as "termCount", v.vector
    from knowledge_set_passages m
    join knowledge_passages p on p.id = m.passage_id and p.text_config = ${regconfigOf(set.textConfig)}
    left join knowledge_passage_vectors v on v.passage_id = m.passage_id and v.embedder = ${embedder}
    where m.set_id = ${set.id} and m.position in (${sql.join(
      positions.map((position) => sql`${position}`),
      sql`, `,
    )})`);
  return rowsOf<CandidateRow & { terms: string }>(result).map((row) => ({ ...row, terms: JSON.parse(row.terms) }));
}
