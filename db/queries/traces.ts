import "server-only";
import { desc, sql } from "drizzle-orm";
import { turns } from "../schema";
import type { DbOrTx } from "../types";
import { decodeTraceCursor, encodeTraceCursor, type TraceCursor } from "./trace-cursor";
import { allOf, rowWhere, type TraceFilter, walkWhere } from "./trace-filters";

export { escapeLike, type TraceFilter, type TraceOutcome } from "./trace-filters";

export interface TracePage {
  /** Opaque keyset cursor from the previous page's nextCursor. */
  cursor?: string;
  limit?: number;
  /** Rows the probe walks (default PROBE_ROWS); tests shrink it to cross the window with 300 turns. */
  probeRows?: number;
}

// 50 rows fill a 1280×800 screen twice; 200 caps what one request may ask for.
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
// A table cell shows about 120 characters; cutting in SQL keeps 4 KB messages off the wire.
const EXCERPT_CHARS = 160;
// The probe walks at most this many of the newest rows: ~5 ms warm on PostgreSQL, and enough for
// 50 matches of any filter that keeps ≥ 1 % of the turns (bench/traces-bench.ts).
const PROBE_ROWS = 5_000;

const newestFirst = [desc(turns.createdAt), desc(turns.id)];

// The columns the row filters and the list read: not provenance, the row's widest value.
const WINDOW_COLUMNS = {
  id: turns.id,
  sessionId: turns.sessionId,
  turnIndex: turns.turnIndex,
  createdAt: turns.createdAt,
  outcome: turns.outcome,
  scenarioId: turns.scenarioId,
  intentLabel: turns.intentLabel,
  userMessage: turns.userMessage,
  response: turns.response,
  firedRuleIds: turns.firedRuleIds,
  violatedRuleIds: turns.violatedRuleIds,
  latencyMs: turns.latencyMs,
  modelCalls: turns.modelCalls,
  provider: turns.provider,
  model: turns.model,
};

/** What a list row carries, read from the table or from the probe's window of it. */
const LIST_FIELDS = {
  id: turns.id,
  sessionId: turns.sessionId,
  turnIndex: turns.turnIndex,
  createdAt: turns.createdAt,
  createdAtText: sql<string>`${turns.createdAt}::text`,
  outcome: turns.outcome,
  scenarioId: turns.scenarioId,
  intentLabel: turns.intentLabel,
  userMessage: sql<string>`left(${turns.userMessage}, ${EXCERPT_CHARS})`,
  response: sql<string>`left(${turns.response}, ${EXCERPT_CHARS})`,
  firedCount: sql<number>`jsonb_array_length(${turns.firedRuleIds})`,
  violatedRuleIds: turns.violatedRuleIds,
  latencyMs: turns.latencyMs,
  modelCalls: turns.modelCalls,
  provider: turns.provider,
  model: turns.model,
};

/** Up to `take` matching rows after `cursor`, newest first, in the plan the planner prefers. */
function listQuery(db: DbOrTx, filter: TraceFilter, cursor: TraceCursor | undefined, take: number) {
  return db
    .select(LIST_FIELDS)
    .from(turns)
    .where(allOf([...walkWhere(filter, cursor), ...rowWhere(filter)]))
    .orderBy(...newestFirst)
    .limit(take);
}

/**
 * Up to `take` matching rows among the `window` newest after `cursor`. The inner LIMIT pins the
 * plan to the ordered walk; naming the window "turns" lets the row filters read its columns.
 */
function probeQuery(db: DbOrTx, filter: TraceFilter, cursor: TraceCursor | undefined, take: number, window: number) {
  const recent = db
    .select(WINDOW_COLUMNS)
    .from(turns)
    .where(allOf(walkWhere(filter, cursor)))
    .orderBy(...newestFirst)
    .limit(window)
    .as("turns");
  return (
    db
      // The window is named "turns" and keeps the table's column names, so the table's columns read it.
      .select(LIST_FIELDS)
      .from(recent)
      .where(allOf(rowWhere(filter)))
      .orderBy(...newestFirst)
      .limit(take)
  );
}

/** The last row of the probe's window, or undefined when the walk ends inside it. */
async function probeWindowEnd(db: DbOrTx, filter: TraceFilter, cursor: TraceCursor | undefined, window: number) {
  const [row] = await db
    .select({ createdAt: sql<string>`${turns.createdAt}::text`, id: turns.id })
    .from(turns)
    .where(allOf(walkWhere(filter, cursor)))
    .orderBy(...newestFirst)
    .offset(window - 1)
    .limit(1);
  return row;
}

/**
 * Whether a page starts with the probe: when some filter is checked row by row, except a session
 * (its index finds a session's few turns directly). The planner multiplies selectivities as if
 * independent, but a rule id belongs to one agent and violations come with regenerated or fallback
 * outcomes: at 1,000,000 turns it estimated 587 rows for "regenerated + violated rule-1" against
 * 10,591, chose GIN ∩ outcome bitmaps and a sort (127 ms), where the walk needs 1,900 rows (4 ms).
 */
const startsWithProbe = (filter: TraceFilter) => !filter.sessionId && rowWhere(filter).length > 0;

/** The query a page runs first, unexecuted: the bench EXPLAINs it. */
export function firstTraceQuery(db: DbOrTx, filter: TraceFilter, page: TracePage = {}) {
  const take = pageLimit(page) + 1;
  const cursor = decodeTraceCursor(page.cursor);
  return startsWithProbe(filter)
    ? probeQuery(db, filter, cursor, take, page.probeRows ?? PROBE_ROWS)
    : listQuery(db, filter, cursor, take);
}

const pageLimit = (page: TracePage) => Math.min(Math.max(1, page.limit ?? DEFAULT_LIMIT), MAX_LIMIT);

/**
 * The traces list: newest first, keyset-paginated on (created_at desc, id desc), so a page 200,000
 * rows deep costs what the first one does. Filtered pages first probe the newest PROBE_ROWS rows
 * along turns_agent_created_idx; a filter too rare to fill the page there continues after the
 * window with the planner's own plan, where the GIN indexes on the rule ids find rare rules.
 */
export async function listTraces(db: DbOrTx, filter: TraceFilter, page: TracePage = {}) {
  const limit = pageLimit(page);
  const cursor = decodeTraceCursor(page.cursor);
  let rows = await firstTraceQuery(db, filter, page);
  if (startsWithProbe(filter) && rows.length <= limit) {
    const windowEnd = await probeWindowEnd(db, filter, cursor, page.probeRows ?? PROBE_ROWS);
    if (windowEnd) rows = [...rows, ...(await listQuery(db, filter, windowEnd, limit + 1 - rows.length))];
  }
  const shown = rows
    .slice(0, limit)
    .map(({ createdAtText: _, ...row }) => ({ ...row, firedCount: Number(row.firedCount) }));
  const last = rows[limit - 1];
  const nextCursor =
    rows.length > limit && last ? encodeTraceCursor({ createdAt: last.createdAtText, id: last.id }) : null;
  return { rows: shown, nextCursor };
}

export type TraceListRow = Awaited<ReturnType<typeof listTraces>>["rows"][number];
