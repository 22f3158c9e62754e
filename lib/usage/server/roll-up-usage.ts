import "server-only";
import { listAgents } from "@/db/queries/agents";
import { firstTurnAt, rollUpUsageHour, usageRolledHoursIn } from "@/db/queries/usage-rollups";
import type { Database } from "@/db/types";
import { MAX_USAGE_DAYS } from "../usage-schemas";
import { HOUR_MS, usageClosedBefore } from "./rolled-range";

// Hours rolled per agent per run, newest first: 31 days. An hour is one short range of
// turns_agent_created_idx; this keeps a run short while a year of history is backfilled (every 10
// minutes: a year in two hours), and a steady run rolls one hour or two.
const HOURS_PER_RUN = 31 * 24;

/**
 * The `usage.rollup` job: rolls every agent's closed UTC hours not rolled yet into usage_hourly, newest
 * first, back to the agent's first turn or the longest window GET …/usage reads (older windows are
 * summed live). Hours without turns are rolled too (a marker, no rows), so the endpoint trusts them.
 */
export async function rollUpUsage(db: Database, now = new Date()) {
  const end = usageClosedBefore(now).getTime();
  let rolled = 0;
  const agents = await listAgents(db);
  for (const agent of agents) {
    const first = await firstTurnAt(db, agent.id);
    if (first === null) continue;
    const start = Math.max(Math.floor(first.getTime() / HOUR_MS) * HOUR_MS, end - MAX_USAGE_DAYS * 24 * HOUR_MS);
    if (start >= end) continue;
    const done = await usageRolledHoursIn(db, agent.id, new Date(start), new Date(end));
    const todo: number[] = [];
    for (let hour = end - HOUR_MS; hour >= start && todo.length < HOURS_PER_RUN; hour -= HOUR_MS) {
      if (!done.has(hour)) todo.push(hour);
    }
    for (const hour of todo) await rollUpUsageHour(db, agent.id, new Date(hour));
    rolled += todo.length;
  }
  return { agents: agents.length, hours_rolled: rolled };
}
