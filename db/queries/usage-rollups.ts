import "server-only";
import { and, eq, gte, lt, min, sql } from "drizzle-orm";
import { turns, usageRolledDays } from "../schema";
import type { Database, DbOrTx } from "../types";
import { isoDay } from "./dashboard-rollups";
import { turnPartials } from "./usage";

// Rolling up closed UTC days of an agent's turns into usage_daily (db/schema/usage.ts). Rolling a day
// again replaces its rows: the marker's upsert comes first and row-locks it, so a second roll of the
// same day waits for the first to commit, then deletes what it wrote (its delete starts after that
// commit and sees those rows) before inserting its own. Never two copies of a day.

/** The days in ["from", "to") ("YYYY-MM-DD") already rolled up for the agent. */
export async function usageRolledDaysIn(db: DbOrTx, agentId: string, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: isoDay(usageRolledDays.day) })
    .from(usageRolledDays)
    .where(and(eq(usageRolledDays.agentId, agentId), gte(usageRolledDays.day, from), lt(usageRolledDays.day, to)));
  return new Set(rows.map((r) => r.day));
}

/** The UTC day of the agent's first turn ("YYYY-MM-DD"), or null without one: the index's first entry. */
export async function firstTurnDay(db: DbOrTx, agentId: string): Promise<string | null> {
  const [row] = await db
    .select({ at: min(turns.createdAt) })
    .from(turns)
    .where(eq(turns.agentId, agentId));
  return row?.at ? row.at.toISOString().slice(0, 10) : null;
}

/** Sums one closed UTC day ("YYYY-MM-DD") of the agent's turns into usage_daily, replacing what was there. */
export async function rollUpUsageDay(db: Database, agentId: string, day: string): Promise<void> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + 86_400_000);
  await db.transaction(async (tx) => {
    await tx
      .insert(usageRolledDays)
      .values({ agentId, day })
      .onConflictDoUpdate({ target: [usageRolledDays.agentId, usageRolledDays.day], set: { rolledAt: sql`now()` } });
    await tx.execute(sql`delete from usage_daily where agent_id = ${agentId} and day = ${day}::date`);
    await tx.execute(sql`
      insert into usage_daily (agent_id, day, session_id, config_version, environment, turns, tokens_in, tokens_out,
        cost_usd, unpriced_turns)
      select ${agentId}, p.day, p.session_id, p.config_version, p.environment, p.turns, p.tokens_in, p.tokens_out,
        p.cost_usd, p.unpriced_turns
      from (${turnPartials(agentId, from, to)}) p`);
  });
}
