import "server-only";
import { and, eq, gte, lt, min, sql } from "drizzle-orm";
import { rowsOf } from "../raw-rows";
import { turns, usageRolledHours } from "../schema";
import type { Database, DbOrTx } from "../types";
import { turnPartials } from "./usage";

// Rolling up closed UTC hours of an agent's turns into usage_hourly and usage_conversation_runs, and
// through their triggers usage_hour_sums and usage_hour_counts (db/schema/usage.ts). Rolling an
// hour again replaces its rows: the marker's upsert comes first and row-locks it, so a second roll of
// the same hour waits for the first to commit, then deletes what it wrote (its delete starts after that
// commit and sees those rows) before inserting its own. Never two copies of an hour.

/** The hours in [from, to) already rolled up for the agent, as epoch milliseconds. */
export async function usageRolledHoursIn(db: DbOrTx, agentId: string, from: Date, to: Date): Promise<Set<number>> {
  const rows = await db
    .select({ hour: usageRolledHours.hour })
    .from(usageRolledHours)
    .where(and(eq(usageRolledHours.agentId, agentId), gte(usageRolledHours.hour, from), lt(usageRolledHours.hour, to)));
  return new Set(rows.map((r) => r.hour.getTime()));
}

/** When the agent's first turn was, or null without one: the index's first entry. */
export async function firstTurnAt(db: DbOrTx, agentId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(turns.createdAt) })
    .from(turns)
    .where(eq(turns.agentId, agentId));
  return row?.at ?? null;
}

/** The conversation ids of a statement's RETURNING rows, as one JSON parameter (any count, both drivers). */
const idsOf = (rows: unknown[]) => (rows as { session_id: string }[]).map((r) => r.session_id);

/**
 * Sums one closed UTC hour (starting at `hour`) of the agent's turns into usage_hourly, replacing what
 * was there, and rebuilds the usage_conversation_runs of every conversation the hour had before or has
 * now; triggers carry both into usage_hour_sums and usage_hour_counts (db/schema/usage.ts).
 */
export async function rollUpUsageHour(db: Database, agentId: string, hour: Date): Promise<void> {
  const to = new Date(hour.getTime() + 3_600_000);
  const at = sql`${hour.toISOString()}::timestamptz`;
  await db.transaction(async (tx) => {
    await tx
      .insert(usageRolledHours)
      .values({ agentId, hour })
      .onConflictDoUpdate({ target: [usageRolledHours.agentId, usageRolledHours.hour], set: { rolledAt: sql`now()` } });
    // Runs are rebuilt from every rolled hour of a conversation: two hours of one agent rolled at once
    // (two instances) would each miss the other's uncommitted rows, so an agent's hours roll one at a
    // time; a review's change takes the same lock (db/migrations/0035).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`usage.rollup:${agentId}`}, 0))`);
    const gone = rowsOf(
      await tx.execute(sql`delete from usage_hourly where agent_id = ${agentId} and hour = ${at} returning session_id`),
    );
    const added = rowsOf(
      await tx.execute(sql`
      insert into usage_hourly (agent_id, hour, session_id, config_version, environment, turns, tokens_in, tokens_out,
        cost_usd, unpriced_turns, reviewed)
      select ${agentId}, p.hour, p.session_id, p.config_version, p.environment, p.turns, p.tokens_in, p.tokens_out,
        p.cost_usd, p.unpriced_turns,
        exists (select 1 from session_reviews r where r.session_id = p.session_id and r.state = 'reviewed')
      from (${turnPartials(agentId, hour, to)}) p
      returning session_id`),
    );
    const ids = [...new Set([...idsOf(gone), ...idsOf(added)])];
    if (ids.length === 0) return;
    await tx.execute(sql`select usage_conversation_runs_rebuild(
      array(select json_array_elements_text(${JSON.stringify(ids)}::json)::uuid))`);
  });
}
