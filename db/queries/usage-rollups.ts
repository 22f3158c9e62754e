import "server-only";
import { and, eq, gte, lt, min, sql } from "drizzle-orm";
import { turns, usageRolledHours } from "../schema";
import type { Database, DbOrTx } from "../types";
import { turnPartials } from "./usage";

// Rolling up closed UTC hours of an agent's turns into usage_hourly (db/schema/usage.ts). Rolling an
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

/** Sums one closed UTC hour (starting at `hour`) of the agent's turns into usage_hourly, replacing what was there. */
export async function rollUpUsageHour(db: Database, agentId: string, hour: Date): Promise<void> {
  const to = new Date(hour.getTime() + 3_600_000);
  await db.transaction(async (tx) => {
    await tx
      .insert(usageRolledHours)
      .values({ agentId, hour })
      .onConflictDoUpdate({ target: [usageRolledHours.agentId, usageRolledHours.hour], set: { rolledAt: sql`now()` } });
    await tx.execute(
      sql`delete from usage_hourly where agent_id = ${agentId} and hour = ${hour.toISOString()}::timestamptz`,
    );
    await tx.execute(sql`
      insert into usage_hourly (agent_id, hour, session_id, config_version, environment, turns, tokens_in, tokens_out,
        cost_usd, unpriced_turns)
      select ${agentId}, p.hour, p.session_id, p.config_version, p.environment, p.turns, p.tokens_in, p.tokens_out,
        p.cost_usd, p.unpriced_turns
      from (${turnPartials(agentId, hour, to)}) p`);
  });
}
