import "server-only";
import { listAgents } from "@/db/queries/agents";
import { firstTurnDay, rollUpUsageDay, usageRolledDaysIn } from "@/db/queries/usage-rollups";
import type { Database } from "@/db/types";
import { MAX_USAGE_DAYS } from "../usage-schemas";
import { usageClosedBefore } from "./rolled-range";

const DAY_MS = 86_400_000;
// Days rolled per agent per run, newest first. A day is one range of turns_agent_created_idx; 31 keep
// a run short while a year of history is backfilled (every 10 minutes: a year in two hours).
const DAYS_PER_RUN = 31;

const dayText = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The `usage.rollup` job: rolls every agent's closed UTC days not rolled yet into usage_daily, newest
 * first, back to the agent's first turn or the longest window GET …/usage reads (older windows are
 * summed live). Days without turns are rolled too (a marker, no rows), so the endpoint trusts them.
 */
export async function rollUpUsage(db: Database, now = new Date()) {
  const end = usageClosedBefore(now).getTime();
  let rolled = 0;
  const agents = await listAgents(db);
  for (const agent of agents) {
    const first = await firstTurnDay(db, agent.id);
    if (first === null) continue;
    const start = Math.max(new Date(`${first}T00:00:00.000Z`).getTime(), end - MAX_USAGE_DAYS * DAY_MS);
    if (start >= end) continue;
    const done = await usageRolledDaysIn(db, agent.id, dayText(start), dayText(end));
    const todo: string[] = [];
    for (let day = end - DAY_MS; day >= start && todo.length < DAYS_PER_RUN; day -= DAY_MS) {
      if (!done.has(dayText(day))) todo.push(dayText(day));
    }
    for (const day of todo) await rollUpUsageDay(db, agent.id, day);
    rolled += todo.length;
  }
  return { agents: agents.length, days_rolled: rolled };
}
