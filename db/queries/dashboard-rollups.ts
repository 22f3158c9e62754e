import "server-only";
import { and, eq, inArray, type SQLWrapper, sql } from "drizzle-orm";
import { dashboardRolledDays } from "../schema";
import type { Database } from "../types";

// Rolling up closed UTC days of an agent's turns (db/schema/dashboard.ts). A day is rolled once: the
// transaction that inserts its marker computes its counts; a concurrent one finds the marker taken
// (ON CONFLICT DO NOTHING waits for the first to commit) and rolls nothing.

/**
 * A date column as "YYYY-MM-DD" whatever the server's DateStyle (date::text follows it: "11/25/2026"
 * under SQL, MDY), so days compare with the keys the dashboard builds in JavaScript.
 */
export function isoDay(column: SQLWrapper) {
  return sql<string>`to_char(${column}, 'YYYY-MM-DD')`;
}

/** The same cap as the live query: 10 or more model calls are one bar of the histogram. */
export const ROLLUP_MODEL_CALLS_CAP = 10;

/** The days of `days` ("YYYY-MM-DD") already rolled up for the agent. */
export async function rolledDays(db: Database, agentId: string, days: string[]): Promise<Set<string>> {
  if (days.length === 0) return new Set();
  const rows = await db
    .select({ day: isoDay(dashboardRolledDays.day) })
    .from(dashboardRolledDays)
    .where(and(eq(dashboardRolledDays.agentId, agentId), inArray(dashboardRolledDays.day, days)));
  return new Set(rows.map((r) => r.day));
}

/**
 * Counts each of `days` (closed UTC days, "YYYY-MM-DD", not yet rolled) from `turns` into the rollup
 * tables, in one transaction; returns the days this call rolled (others were taken by a concurrent call).
 */
export async function rollUpDays(db: Database, agentId: string, days: string[]): Promise<string[]> {
  if (days.length === 0) return [];
  return db.transaction(async (tx) => {
    const taken = await tx
      .insert(dashboardRolledDays)
      .values(days.map((day) => ({ agentId, day })))
      .onConflictDoNothing()
      .returning({ day: isoDay(dashboardRolledDays.day) });
    const mine = taken.map((r) => r.day).sort();
    const first = mine[0];
    const last = mine.at(-1);
    if (first === undefined || last === undefined) return [];
    const from = new Date(`${first}T00:00:00.000Z`);
    const to = new Date(`${last}T00:00:00.000Z`);
    to.setUTCDate(to.getUTCDate() + 1);
    const day = sql`(t.created_at at time zone 'UTC')::date`;
    const turnsOfMyDays = sql`t.agent_id = ${agentId} and t.created_at >= ${from.toISOString()}::timestamptz
      and t.created_at < ${to.toISOString()}::timestamptz
      and ${day} in (${sql.join(
        mine.map((d) => sql`${d}::date`),
        sql`, `,
      )})`;
    await tx.execute(sql`
      insert into dashboard_turn_counts (agent_id, day, outcome, intent_label, model_calls, n)
      select ${agentId}, ${day}, t.outcome::text, t.intent_label, least(t.model_calls, ${ROLLUP_MODEL_CALLS_CAP}), count(*)::int
      from turns t where ${turnsOfMyDays}
      group by 2, 3, 4, 5`);
    await tx.execute(sql`
      insert into dashboard_rule_counts (agent_id, day, kind, rule_id, n)
      select ${agentId}, ${day}, e.kind, e.rule_id, count(*)::int
      from turns t, lateral (
        select 'fired' as kind, f as rule_id from jsonb_array_elements_text(t.fired_rule_ids) f
        union all
        select 'violated', v from jsonb_array_elements_text(t.violated_rule_ids) v
      ) e
      where ${turnsOfMyDays}
      group by 2, 3, 4`);
    return mine;
  });
}
