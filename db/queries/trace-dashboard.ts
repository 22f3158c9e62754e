import "server-only";
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { dashboardTurnCounts, turns } from "../schema";
import type { DbOrTx } from "../types";
import { isoDay, ROLLUP_MODEL_CALLS_CAP } from "./dashboard-rollups";
import type { TraceOutcome } from "./traces";

// The agent dashboard's aggregates, each over one agent's turns since a UTC day. Days are UTC on the
// server and in the browser alike, so the bars of a day never move between renders. Days before
// `liveSince` come from the rollup tables (dashboard-rollups.ts, rolled by the caller first); the
// rest is counted from `turns`.

export interface DashboardWindow {
  agentId: string;
  /** The first UTC midnight of the window. */
  since: Date;
  /** A UTC midnight ≥ since: days before it are rolled up, turns from it on are counted live. */
  liveSince: Date;
}

// Ten rules fit a card without scrolling; an agent has a few hundred at most.
const TOP_RULES = 10;
// Twelve intent rows keep the heatmap on one screen; the rest are summed into "other intents".
export const TOP_INTENTS = 12;
// A turn makes 1 call (generation) to ~6 (sensor, judges, three regenerations); 10 or more is one bar.
export const MODEL_CALLS_CAP = ROLLUP_MODEL_CALLS_CAP;

// A turn's UTC day as "YYYY-MM-DD" (to_char, not ::text, which follows the server's DateStyle). Only
// the live days are counted row by row, so its cost per row no longer matters.
const utcDay = isoDay(sql`(${turns.createdAt} at time zone 'UTC')::date`);

const dayText = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Turns per UTC day, outcome, intent_label (null = no scenario routed; "log intent for
 * observability") and model calls (≥ MODEL_CALLS_CAP counted as the cap): outcomes over time, the
 * heatmap and the histogram from one read of the rollups plus one pass over the live days.
 */
export async function turnCountsByDay(db: DbOrTx, window: DashboardWindow) {
  const calls = sql<number>`least(${turns.modelCalls}, ${MODEL_CALLS_CAP})`;
  const [rolled, live] = await Promise.all([
    window.liveSince > window.since
      ? db
          .select({
            day: isoDay(dashboardTurnCounts.day),
            outcome: dashboardTurnCounts.outcome,
            intent: dashboardTurnCounts.intentLabel,
            calls: dashboardTurnCounts.modelCalls,
            n: dashboardTurnCounts.n,
          })
          .from(dashboardTurnCounts)
          .where(
            and(
              eq(dashboardTurnCounts.agentId, window.agentId),
              gte(dashboardTurnCounts.day, dayText(window.since)),
              lt(dashboardTurnCounts.day, dayText(window.liveSince)),
            ),
          )
      : Promise.resolve([]),
    db
      .select({ day: utcDay, outcome: turns.outcome, intent: turns.intentLabel, calls, n: sql<number>`count(*)::int` })
      .from(turns)
      .where(and(eq(turns.agentId, window.agentId), gte(turns.createdAt, window.liveSince)))
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`),
  ]);
  return [...rolled, ...live].map((r) => ({
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

/** The TOP_RULES rules fired in the most turns, and those violated in the most: rollups plus live days. */
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
        select u.kind, u.rule_id, sum(u.n)::int as n,
          row_number() over (partition by u.kind order by sum(u.n) desc, u.rule_id) as rank
        from (
          select kind, rule_id, n from dashboard_rule_counts
          where agent_id = ${window.agentId} and day >= ${dayText(window.since)}::date
            and day < ${dayText(window.liveSince)}::date
          union all
          select e.kind, e.rule_id, 1
          from turns t, lateral (
            select 'fired' as kind, f as rule_id from jsonb_array_elements_text(t.fired_rule_ids) f
            union all
            select 'violated', v from jsonb_array_elements_text(t.violated_rule_ids) v
          ) e
          where t.agent_id = ${window.agentId} and t.created_at >= ${window.liveSince.toISOString()}::timestamptz
        ) u
        group by u.kind, u.rule_id
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
