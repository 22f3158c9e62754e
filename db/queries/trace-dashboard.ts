import "server-only";
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { turns } from "../schema";
import type { DbOrTx } from "../types";
import type { TraceOutcome } from "./traces";

// The agent dashboard's aggregates, each over one agent's turns since a UTC day. Days are UTC on the
// server and in the browser alike, so the bars of a day never move between renders.

export interface DashboardWindow {
  agentId: string;
  /** Turns with created_at ≥ since (the first UTC midnight of the window). */
  since: Date;
}

// Ten rules fit a card without scrolling; an agent has a few hundred at most.
const TOP_RULES = 10;
// Twelve intent rows keep the heatmap on one screen; the rest are summed into "other intents".
export const TOP_INTENTS = 12;
// A turn makes 1 call (generation) to ~6 (sensor, judges, three regenerations); 10 or more is one bar.
export const MODEL_CALLS_CAP = 10;

// A UTC day as text; ::date costs ~25 % less than to_char(…, 'YYYY-MM-DD') per row.
const utcDay = sql<string>`((${turns.createdAt} at time zone 'UTC')::date)::text`;

function windowWhere(window: DashboardWindow): SQL | undefined {
  return and(eq(turns.agentId, window.agentId), gte(turns.createdAt, window.since));
}

/**
 * Turns per UTC day, outcome, intent_label (null = no scenario routed; seed 003 "log intent for
 * observability") and model calls (≥ MODEL_CALLS_CAP counted as the cap): outcomes over time, the
 * heatmap and the histogram from ONE pass over the window; at 1,000,000 turns that is one 0.5 s
 * scan of a big agent's 190,000 turns in 14 days instead of three.
 */
export async function turnCountsByDay(db: DbOrTx, window: DashboardWindow) {
  const calls = sql<number>`least(${turns.modelCalls}, ${MODEL_CALLS_CAP})`;
  const rows = await db
    .select({ day: utcDay, outcome: turns.outcome, intent: turns.intentLabel, calls, n: sql<number>`count(*)::int` })
    .from(turns)
    .where(windowWhere(window))
    .groupBy(sql`1`, sql`2`, sql`3`, sql`4`);
  return rows.map((r) => ({
    day: r.day,
    outcome: r.outcome as TraceOutcome,
    intent: r.intent,
    calls: Number(r.calls),
    n: Number(r.n),
  }));
}

export interface RuleCount {
  ruleId: string;
  /** Null when the rule was deleted after the turns that name it. */
  key: string | null;
  name: string | null;
  n: number;
}

/** The TOP_RULES rules fired in the most turns, and those violated in the most, in one pass. */
export async function topRules(db: DbOrTx, window: DashboardWindow) {
  const rows = rowsOf<{
    kind: "fired" | "violated";
    rule_id: string;
    key: string | null;
    name: string | null;
    n: number;
  }>(
    await db.execute(sql`
      select c.kind, c.rule_id, r.key, r.name, c.n
      from (
        select e.kind, e.rule_id, count(*)::int as n,
          row_number() over (partition by e.kind order by count(*) desc, e.rule_id) as rank
        from turns t, lateral (
          select 'fired' as kind, f as rule_id from jsonb_array_elements_text(t.fired_rule_ids) f
          union all
          select 'violated', v from jsonb_array_elements_text(t.violated_rule_ids) v
        ) e
        where t.agent_id = ${window.agentId} and t.created_at >= ${window.since.toISOString()}::timestamptz
        group by e.kind, e.rule_id
      ) c
      left join rules r on r.id::text = c.rule_id
      where c.rank <= ${TOP_RULES}
      order by c.kind, c.n desc, c.rule_id`),
  );
  const of = (kind: "fired" | "violated") =>
    rows
      .filter((r) => r.kind === kind)
      .map((r): RuleCount => ({ ruleId: r.rule_id, key: r.key, name: r.name, n: Number(r.n) }));
  return { fired: of("fired"), violated: of("violated") };
}
