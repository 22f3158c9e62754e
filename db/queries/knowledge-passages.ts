import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { knowledgePassages, knowledgeSetPassages, knowledgeSets, knowledgeVersions } from "../schema";
import type { DbOrTx } from "../types";

// The knowledge store's reads and writes (lib/knowledge/server/knowledge-store/README.md): content-addressed
// passages, the sets of passages an agent's knowledge is at one moment, and which set each config
// version searches.

export type PassageRow = Omit<typeof knowledgePassages.$inferInsert, "tsv">;
export type SetRow = Omit<typeof knowledgeSets.$inferInsert, "createdAt">;
export type SetPassageRow = typeof knowledgeSetPassages.$inferInsert;

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
 * Writes a set, its membership and the passages it lacks. A set another transaction is writing is
 * waited for and left to it (its id is its content, so both would write the same rows).
 */
export async function insertKnowledgeSet(
  db: DbOrTx,
  set: SetRow,
  passages: readonly PassageRow[],
  members: readonly SetPassageRow[],
): Promise<void> {
  const created = await db.insert(knowledgeSets).values(set).onConflictDoNothing().returning({ id: knowledgeSets.id });
  if (created.length === 0) return;
  for (let i = 0; i < passages.length; i += BATCH) {
    await db
      .insert(knowledgePassages)
      .values(passages.slice(i, i + BATCH))
      .onConflictDoNothing();
  }
  for (let i = 0; i < members.length; i += BATCH) {
    await db.insert(knowledgeSetPassages).values(members.slice(i, i + BATCH));
  }
}

/** Fresh planner statistics for the passage tables (a large set was just written). */
export async function analyzeKnowledgeTables(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze knowledge_passages, knowledge_set_passages`);
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
}

export async function knowledgeSetStats(db: DbOrTx, setId: string): Promise<SetStats | null> {
  const [row] = await db
    .select({
      passages: knowledgeSets.passages,
      totalLength: knowledgeSets.totalLength,
      documentFrequency: knowledgeSets.documentFrequency,
      words: knowledgeSets.words,
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
}

const candidateColumns = {
  position: knowledgeSetPassages.position,
  passageId: knowledgeSetPassages.passageId,
  sourceKey: knowledgeSetPassages.sourceKey,
  title: knowledgeSetPassages.title,
  start: knowledgeSetPassages.start,
  end: knowledgeSetPassages.end,
  headingPath: knowledgePassages.headingPath,
  text: knowledgePassages.text,
  terms: knowledgePassages.terms,
  termCount: knowledgePassages.termCount,
};

/** A configuration name as a parameter: sent as text, cast here (PGlite reads a regconfig parameter as an oid). */
const regconfigOf = (name: string) => sql`(${name}::text)::regconfig`;

export interface WeightedWord {
  word: string;
  weight: number;
}

/**
 * The set's best `limit` passages for `words` by full-text search: passages matching any word (each
 * parsed by the set's text search configuration, so "refunds" meets "refunded"), ordered by the sum of
 * the weights of the words they match, then by set order. `sourceKeys` null: every source of the set.
 * The queries are parsed once, in a materialized CTE: parsed in the row expressions, a configuration
 * given as a parameter is not constant-folded and every row parsed them again (seconds per search).
 */
export async function fullTextCandidates(
  db: DbOrTx,
  set: { id: string; textConfig: string },
  words: readonly WeightedWord[],
  sourceKeys: readonly string[] | null,
  limit: number,
): Promise<CandidateRow[]> {
  if (words.length === 0 || sourceKeys?.length === 0) return [];
  const config = regconfigOf(set.textConfig);
  const parsed = words.map(({ word }) => sql`plainto_tsquery(${config}, ${word})`);
  const weighted = sql.join(
    words.map(({ weight }, i) => sql`(case when p.tsv @@ q.each[${i + 1}::int] then ${weight}::float8 else 0 end)`),
    sql` + `,
  );
  const scope = sourceKeys
    ? sql`and m.source_key in (${sql.join(
        sourceKeys.map((key) => sql`${key}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    with q as materialized (
      select array[${sql.join(parsed, sql`, `)}]::tsquery[] as each, (${sql.join(parsed, sql` || `)}) as any
    )
    select m.position, m.passage_id as "passageId", m.source_key as "sourceKey", m.title, m.start, m."end",
      p.heading_path as "headingPath", p.text, p.terms, p.term_count as "termCount"
    from q
    join knowledge_passages p on p.tsv @@ q.any and p.text_config = ${config}
    join knowledge_set_passages m on m.passage_id = p.id and m.set_id = ${set.id} ${scope}
    order by ${weighted} desc, m.position
    limit ${limit}`);
  return rowsOf<CandidateRow>(result);
}

/** The passages of the named sources, in set order, at most `limit` per call. */
export async function sourcePassages(
  db: DbOrTx,
  set: { id: string; textConfig: string },
  sourceKeys: readonly string[],
  limit: number,
): Promise<CandidateRow[]> {
  if (sourceKeys.length === 0) return [];
  return db
    .select(candidateColumns)
    .from(knowledgeSetPassages)
    .innerJoin(
      knowledgePassages,
      and(
        eq(knowledgePassages.id, knowledgeSetPassages.passageId),
        sql`${knowledgePassages.textConfig} = ${regconfigOf(set.textConfig)}`,
      ),
    )
    .where(and(eq(knowledgeSetPassages.setId, set.id), inArray(knowledgeSetPassages.sourceKey, [...sourceKeys])))
    .orderBy(knowledgeSetPassages.position)
    .limit(limit);
}
