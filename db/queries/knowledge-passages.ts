import "server-only";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import {
  knowledgePassages,
  knowledgePassageVectors,
  knowledgeSetPassages,
  knowledgeSets,
  knowledgeVersions,
} from "../schema";
import type { DbOrTx } from "../types";

// The knowledge store's reads and writes (lib/knowledge/server/knowledge-store/README.md): content-addressed
// passages, the sets of passages an agent's knowledge is at one moment, and which set each config
// version searches.

export type PassageRow = Omit<typeof knowledgePassages.$inferInsert, "tsv">;
export type SetRow = Omit<typeof knowledgeSets.$inferInsert, "createdAt">;
export type SetPassageRow = typeof knowledgeSetPassages.$inferInsert;
export type PassageVectorRow = typeof knowledgePassageVectors.$inferInsert;

/** Rows per INSERT: 2,000 × 9 columns stays far under PostgreSQL's 65,535 parameters. */
const BATCH = 2000;

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
 * Writes a set, its membership and the passages it lacks; false when another transaction wrote the
 * set: it is waited for and left to it (its id is its content, so both would write the same rows).
 */
export async function insertKnowledgeSet(
  db: DbOrTx,
  set: SetRow,
  passages: readonly PassageRow[],
  members: readonly SetPassageRow[],
): Promise<boolean> {
  const created = await db.insert(knowledgeSets).values(set).onConflictDoNothing().returning({ id: knowledgeSets.id });
  if (created.length === 0) return false;
  for (let i = 0; i < passages.length; i += BATCH) {
    await db
      .insert(knowledgePassages)
      .values(passages.slice(i, i + BATCH))
      .onConflictDoNothing();
  }
  for (let i = 0; i < members.length; i += BATCH) {
    await db.insert(knowledgeSetPassages).values(members.slice(i, i + BATCH));
  }
  return true;
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
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(knowledgePassageVectors)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing();
  }
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
 * Fresh planner statistics for the passage tables (a large set was just written), and the GIN index's
 * pending list merged: new entries wait there (fastupdate) and every search reads the whole list
 * (13.6 ms against 0.15 ms per word at 100,000 passages).
 */
export async function analyzeKnowledgeTables(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze knowledge_passages, knowledge_set_passages, knowledge_passage_vectors`);
  await db.execute(sql`select gin_clean_pending_list('knowledge_passages_tsv_idx'::regclass)`);
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
}

export async function knowledgeSetStats(db: DbOrTx, setId: string): Promise<SetStats | null> {
  const [row] = await db
    .select({
      passages: knowledgeSets.passages,
      totalLength: knowledgeSets.totalLength,
      documentFrequency: knowledgeSets.documentFrequency,
      words: knowledgeSets.words,
      associations: knowledgeSets.associations,
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

/** A configuration name as a parameter: sent as text, cast here (PGlite reads a regconfig parameter as an oid). */
const regconfigOf = (name: string) => sql`(${name}::text)::regconfig`;

interface WeightedWord {
  word: string;
  weight: number;
}

export interface CandidateSearch {
  /** Words for the full-text search, each with the weight a passage holding it scores. */
  words: readonly WeightedWord[];
  /** Sources searched; null: every source of the set. */
  sourceKeys: readonly string[] | null;
  /** Sources named in the conversation: their own full-text top `limit` and their first `limit` passages too. */
  named: readonly string[];
  /** Rows per part (the whole scope's top, the named sources' top, their first passages). */
  limit: number;
  /** Whose vectors to read (the Embedder's name). */
  embedder: string;
}

const keyList = (keys: readonly string[]) =>
  sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );

/**
 * A search's candidates in one statement: the set's best `limit` passages for `words` by full-text
 * search within `sourceKeys`, the same within the `named` sources, and the named sources' first
 * `limit` passages in set order; each with its passage and, when kept, its vector.
 *
 * A passage's full-text score is the sum of the weights of the words it holds. Each word is its own
 * GIN lookup (the nested loop over `w`), so no row's `tsvector` is read: scored per row, each word's
 * `@@` decompressed the row's tsvector again (12 words × 2,000 matched rows: 100–200 ms at 100,000
 * passages). The words are parsed once (`w` is materialized): parsed in a row expression, a
 * configuration given as a parameter is not constant-folded and every row parsed them again. Words
 * the configuration parses alike ("anime" and its term "anim") are looked up once, at their highest
 * weight: every matched passage is a random heap read (3,951 of them took 65 ms at 100,000 passages,
 * 1,642 of them "anim"'s, twice). A lookup is not cut short: its first passages in heap order may all
 * belong to other sets. The passages' text, terms and vectors are read for the candidates alone.
 *
 * The best `limit` are read in `ranked`'s order with no ORDER BY: sorted after the join, PostgreSQL 15
 * joins every passage of the set first (a hash join over 100,000 rows). `offset 0` keeps the lateral
 * membership lookup from being pulled up into a join, so the only plan is a nested loop over the
 * materialized `ranked` in its stored order, and the LIMIT stops it after `limit` members.
 */
export async function knowledgeCandidates(
  db: DbOrTx,
  set: { id: string; textConfig: string },
  search: CandidateSearch,
): Promise<CandidateRow[]> {
  const { words, sourceKeys, named, limit, embedder } = search;
  if (sourceKeys?.length === 0) return [];
  const config = regconfigOf(set.textConfig);
  const scope = sourceKeys ? sql`and m.source_key in (${keyList(sourceKeys)})` : sql``;
  // The membership row as each part finds it: joined again by position, it cost 50 more index lookups.
  const member = sql`m.position, m.passage_id, m.source_key, m.title, m.start, m."end"`;
  const parts = [];
  if (words.length > 0) {
    const best = (keys: SQL) => sql`(select m.* from ranked h
      cross join lateral (select ${member} from knowledge_set_passages m
        where m.passage_id = h.id and m.set_id = ${set.id} ${keys} offset 0) m
      limit ${limit})`;
    parts.push(best(scope));
    if (named.length > 0) parts.push(best(sql`and m.source_key in (${keyList(named)})`));
  }
  if (named.length > 0) {
    parts.push(sql`(select ${member} from knowledge_set_passages m
      where m.set_id = ${set.id} and m.source_key in (${keyList(named)})
      order by m.position limit ${limit})`);
  }
  if (parts.length === 0) return [];
  const hits =
    words.length > 0
      ? sql`with w as materialized (
          select q.query, max(t.weight) as weight
          from (values ${sql.join(
            words.map(({ word, weight }) => sql`(${word}::text, ${weight}::float8)`),
            sql`, `,
          )}) as t(word, weight)
          cross join lateral plainto_tsquery(${config}, t.word) as q(query)
          where numnode(q.query) > 0
          group by q.query
        ),
        ranked as materialized (
          select p.id, sum(w.weight) as score
          from w join knowledge_passages p on p.tsv @@ w.query and p.text_config = ${config}
          group by p.id
          order by score desc, p.id
        )`
      : sql``;
  const result = await db.execute(sql`${hits}
    select c.position, c.passage_id as "passageId", c.source_key as "sourceKey", c.title, c.start, c."end",
      p.heading_path as "headingPath", p.text, p.terms::text as terms, p.term_count as "termCount", v.vector
    from (${sql.join(parts, sql` union `)}) c
    join knowledge_passages p on p.id = c.passage_id and p.text_config = ${config}
    left join knowledge_passage_vectors v on v.passage_id = c.passage_id and v.embedder = ${embedder}`);
  // The terms as text, parsed here: read as jsonb, 50 rows took 7.7 ms against 2.7 ms (p50, a loaded 2-core machine).
  return rowsOf<CandidateRow & { terms: string }>(result).map((row) => ({ ...row, terms: JSON.parse(row.terms) }));
}
