import "server-only";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { rowsOf } from "../raw-rows";
import { agents, biasHistory, type LoopTraceInsert, loopCompletions, loopTraces, overrides } from "../schema";
import type { DbOrTx, Transaction } from "../types";
import type { InsertWithTurn } from "./turns";

// Loop traces (docs/loops.md): what the guardrail service reads under its family lock, and the dashboard's list.

/** Every record of a loop family (loop_001, loop_001_r1, …), oldest rerun first. */
export async function familyRows(db: DbOrTx, familyId: string) {
  return db
    .select()
    .from(loopTraces)
    .where(eq(loopTraces.familyId, familyId))
    .orderBy(sql`coalesce(${loopTraces.rerunDepth}, 0)`, asc(loopTraces.createdAt));
}

export async function getLoopRow(db: DbOrTx, loopId: string) {
  const [row] = await db.select().from(loopTraces).where(eq(loopTraces.loopId, loopId));
  return row ?? null;
}

/** Global occurrences of these tags (one bias_history row per tag per loop), absent tags omitted. */
export async function biasCountsForTags(db: DbOrTx, tags: readonly string[]): Promise<Record<string, number>> {
  if (tags.length === 0) return {};
  const rows = await db
    .select({ tag: biasHistory.tag, n: count() })
    .from(biasHistory)
    .where(inArray(biasHistory.tag, [...tags]))
    .groupBy(biasHistory.tag);
  return Object.fromEntries(rows.map((r) => [r.tag, r.n]));
}

/** Key, name and settings of the agents these loops belong to (for links and per-agent thresholds). */
export async function loopAgents(db: DbOrTx, agentIds: readonly string[]) {
  if (agentIds.length === 0) return [];
  return db
    .select({ id: agents.id, key: agents.key, name: agents.name, settings: agents.settings })
    .from(agents)
    .where(inArray(agents.id, [...new Set(agentIds)]));
}

export async function loopOverrides(db: DbOrTx, loopId: string) {
  return db.select().from(overrides).where(eq(overrides.loopId, loopId)).orderBy(desc(overrides.createdAt));
}

export async function loopCompletionsOf(db: DbOrTx, loopId: string) {
  return db
    .select()
    .from(loopCompletions)
    .where(eq(loopCompletions.loopId, loopId))
    .orderBy(desc(loopCompletions.createdAt));
}

export interface LoopListFilter {
  kind?: "external" | "turn";
  agentId?: string;
  /** Only loops of these agents (the viewer's reach); absent: every agent's. */
  agentIds?: readonly string[];
  forceFinalized?: boolean;
  biasEcho?: boolean;
  overridden?: boolean;
  /** created_at ≥ from and < to. */
  from?: Date;
  to?: Date;
}

/** Keyset position: the last row shown (created_at as PostgreSQL prints it, so microseconds survive). */
export interface LoopCursor {
  createdAt: string;
  id: string;
}

function flag(column: AnyPgColumn, wanted: boolean | undefined): SQL | undefined {
  if (wanted === undefined) return undefined;
  return wanted ? sql`coalesce(${column}, false) = true` : sql`coalesce(${column}, false) = false`;
}

/**
 * Force-finalized means a guardrail stopped the family. A turn loop whose rewrite passed the checks can still
 * carry force_finalize (its rerun limit was reached on the same pass), yet nothing was stopped: not counted.
 */
const forcedByGuardrail = sql`(coalesce(${loopTraces.forceFinalize}, false) and not (${loopTraces.kind} = 'turn' and coalesce(${loopTraces.finalizeReason}, '') = 'thresholds_met'))`;

function forcedFlag(wanted: boolean | undefined): SQL | undefined {
  if (wanted === undefined) return undefined;
  return wanted ? forcedByGuardrail : sql`not ${forcedByGuardrail}`;
}

function filterWhere(filter: LoopListFilter): SQL[] {
  const where: (SQL | undefined)[] = [
    filter.kind ? eq(loopTraces.kind, filter.kind) : undefined,
    filter.agentId ? eq(loopTraces.agentId, filter.agentId) : undefined,
    filter.agentIds
      ? filter.agentIds.length
        ? inArray(loopTraces.agentId, [...filter.agentIds])
        : sql`false`
      : undefined,
    forcedFlag(filter.forceFinalized),
    flag(loopTraces.biasEcho, filter.biasEcho),
    filter.overridden === undefined
      ? undefined
      : filter.overridden
        ? isNotNull(loopTraces.overriddenBy)
        : isNull(loopTraces.overriddenBy),
    filter.from ? sql`${loopTraces.createdAt} >= ${filter.from.toISOString()}::timestamptz` : undefined,
    filter.to ? sql`${loopTraces.createdAt} < ${filter.to.toISOString()}::timestamptz` : undefined,
  ];
  return where.filter((w): w is SQL => w !== undefined);
}

/** Newest first, `limit` rows per page with a (created_at, id) keyset cursor: deep pages cost the first's. */
export async function listLoops(db: DbOrTx, filter: LoopListFilter, cursor?: LoopCursor, limit = 50) {
  const where = filterWhere(filter);
  if (cursor) {
    where.push(
      sql`(${loopTraces.createdAt}, ${loopTraces.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ loop: loopTraces, createdAtText: sql<string>`${loopTraces.createdAt}::text` })
    .from(loopTraces)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(loopTraces.createdAt), desc(loopTraces.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next: LoopCursor | undefined =
    rows.length > limit && last ? { createdAt: last.createdAtText, id: last.loop.id } : undefined;
  return { loops: page.map((r) => r.loop), next };
}

export interface LoopDashboardStats {
  total: number;
  forceFinalized: number;
  biasEcho: number;
  overridden: number;
  /** What made loops rerun (rerun_reason of loops decided "rerun"). */
  rerunReasons: { label: string; n: number }[];
  /** Why families stopped (finalize_reason of loops decided "finalize" / "halt"). */
  finalizeReasons: { label: string; n: number }[];
  /** Bias tags flagged by the filtered loops, most frequent first (top 12). */
  biasTags: { label: string; n: number }[];
  /** Mean fatigue and scores of completed loops by rerun number (0 = the original loop). */
  byRerun: { rerun: number; fatigue: number; alignment: number | null; drift: number | null; n: number }[];
}

const TOP_TAGS = 12;

/** The dashboard's aggregates over the same filter as the list (no cursor). */
export async function loopDashboardStats(db: DbOrTx, filter: LoopListFilter): Promise<LoopDashboardStats> {
  const where = filterWhere(filter);
  const whereSql = where.length ? and(...where) : undefined;
  const [totals] = await db
    .select({
      total: count(),
      forceFinalized: sql<number>`count(*) filter (where ${forcedByGuardrail})::int`,
      biasEcho: sql<number>`count(*) filter (where ${loopTraces.biasEcho})::int`,
      overridden: sql<number>`count(*) filter (where ${loopTraces.overriddenBy} is not null)::int`,
    })
    .from(loopTraces)
    .where(whereSql);
  const reasons = (column: typeof loopTraces.rerunReason | typeof loopTraces.finalizeReason, decisions: string[]) =>
    db
      .select({ label: sql<string>`${column}`, n: count() })
      .from(loopTraces)
      .where(and(whereSql, inArray(loopTraces.decision, decisions), isNotNull(column)))
      .groupBy(column)
      .orderBy(desc(count()));
  const [rerunReasons, finalizeReasons] = await Promise.all([
    reasons(loopTraces.rerunReason, ["rerun"]),
    reasons(loopTraces.finalizeReason, ["finalize", "halt"]),
  ]);
  const tagWhere = whereSql ? sql`where ${whereSql}` : sql``;
  const biasTags = rowsOf<{ label: string; n: number }>(
    await db.execute(sql`
      select t.elem->>'tag' as label, count(*)::int as n
      from ${loopTraces}, jsonb_array_elements(${loopTraces.biasTags}) as t(elem)
      ${tagWhere}
      group by 1 order by 2 desc, 1 limit ${TOP_TAGS}`),
  );
  const byRerun = await db
    .select({
      rerun: sql<number>`coalesce(${loopTraces.rerunDepth}, 0)::int`,
      fatigue: sql<number>`avg(coalesce(${loopTraces.reflectionFatigue}, 0))::float8`,
      alignment: sql<number | null>`avg(${loopTraces.alignmentScore})::float8`,
      drift: sql<number | null>`avg(${loopTraces.driftScore})::float8`,
      n: count(),
    })
    .from(loopTraces)
    .where(and(whereSql, eq(loopTraces.status, "completed")))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return {
    total: totals?.total ?? 0,
    forceFinalized: Number(totals?.forceFinalized ?? 0),
    biasEcho: Number(totals?.biasEcho ?? 0),
    overridden: Number(totals?.overridden ?? 0),
    rerunReasons,
    finalizeReasons,
    biasTags: biasTags.map((t) => ({ label: t.label, n: Number(t.n) })),
    byRerun: byRerun.map((r) => ({ ...r, rerun: Number(r.rerun), n: Number(r.n) })),
  };
}

export async function insertLoopTraces(db: DbOrTx, rows: LoopTraceInsert[]): Promise<void> {
  await db.insert(loopTraces).values(rows);
}

/** The same insert as SQL, for a caller that runs it inside a statement of its own (a turn's record). */
export function insertLoopTracesSql(db: DbOrTx, rows: LoopTraceInsert[]): InsertWithTurn {
  return db.insert(loopTraces).values(rows).getSQL();
}

export async function updateLoopTrace(db: DbOrTx, id: string, columns: Partial<LoopTraceInsert>): Promise<void> {
  await db.update(loopTraces).set(columns).where(eq(loopTraces.id, id));
}

/** A loop's bias-history rows (one per tag) replace the ones an earlier completion of it wrote. */
export async function replaceBiasHistory(
  tx: Transaction,
  loopId: string,
  entries: { tag: string; detail: Record<string, unknown> }[],
): Promise<void> {
  await tx.delete(biasHistory).where(eq(biasHistory.loopId, loopId));
  if (entries.length > 0) await tx.insert(biasHistory).values(entries.map((e) => ({ ...e, loopId })));
}

export async function insertLoopCompletion(
  db: DbOrTx,
  row: { loopId: string; request: Record<string, unknown>; result: Record<string, unknown> },
): Promise<void> {
  await db.insert(loopCompletions).values(row);
}

export async function insertOverride(db: DbOrTx, row: typeof overrides.$inferInsert): Promise<void> {
  await db.insert(overrides).values(row);
}
