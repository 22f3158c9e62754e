import { and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { type turnOutcome, turns } from "../schema";
import type { TraceCursor } from "./trace-cursor";

// The traces list's WHERE, in two halves: what the ordered walk along turns_agent_created_idx
// (agent_id, created_at, id) answers from the index itself, and what it must check row by row.

export type TraceOutcome = (typeof turnOutcome.enumValues)[number];

/** Every filter of the traces explorer; all optional here (the page always sets agentId). */
export interface TraceFilter {
  agentId?: string;
  sessionId?: string;
  outcome?: TraceOutcome;
  scenarioId?: string;
  /** A rule id in fired_rule_ids. */
  firedRuleId?: string;
  /** A rule id in violated_rule_ids, or "any" for turns with at least one violation. */
  violation?: string;
  provider?: string;
  /** created_at ≥ from and < to. */
  from?: Date;
  to?: Date;
  /** Substring of the user message or the response, case-insensitive; % and _ match themselves. */
  text?: string;
}

/** `%`, `_` and the escape character itself, escaped for LIKE … ESCAPE '\'. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const contains = (column: typeof turns.firedRuleIds | typeof turns.violatedRuleIds, ruleId: string) =>
  sql`${column} @> ${JSON.stringify([ruleId])}::jsonb`;

const defined = (where: (SQL | undefined)[]) => where.filter((w): w is SQL => w !== undefined);

/** Agent, date range and keyset position: index conditions of the newest-first walk. */
export function walkWhere(filter: TraceFilter, cursor: TraceCursor | undefined): SQL[] {
  return defined([
    filter.agentId ? eq(turns.agentId, filter.agentId) : undefined,
    filter.from ? gte(turns.createdAt, filter.from) : undefined,
    filter.to ? lt(turns.createdAt, filter.to) : undefined,
    cursor
      ? sql`(${turns.createdAt}, ${turns.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : undefined,
  ]);
}

/** Everything else: checked on each row the walk passes (or found through the GIN indexes). */
export function rowWhere(filter: TraceFilter): SQL[] {
  const pattern = filter.text ? `%${escapeLike(filter.text)}%` : undefined;
  return defined([
    filter.sessionId ? eq(turns.sessionId, filter.sessionId) : undefined,
    filter.outcome ? eq(turns.outcome, filter.outcome) : undefined,
    filter.scenarioId ? eq(turns.scenarioId, filter.scenarioId) : undefined,
    filter.firedRuleId ? contains(turns.firedRuleIds, filter.firedRuleId) : undefined,
    filter.violation === "any"
      ? sql`${turns.violatedRuleIds} <> '[]'::jsonb`
      : filter.violation
        ? contains(turns.violatedRuleIds, filter.violation)
        : undefined,
    filter.provider ? eq(turns.provider, filter.provider) : undefined,
    pattern
      ? or(sql`${turns.userMessage} ilike ${pattern} escape '\\'`, sql`${turns.response} ilike ${pattern} escape '\\'`)
      : undefined,
  ]);
}

export const allOf = (where: SQL[]) => (where.length ? and(...where) : undefined);
