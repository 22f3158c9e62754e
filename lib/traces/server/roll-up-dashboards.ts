import "server-only";
import { listAgents } from "@/db/queries/agents";
import { rolledDays, rollUpDays } from "@/db/queries/dashboard-rollups";
import type { Database } from "@/db/types";
import { DASHBOARD_DAYS, dayKeys, windowStart } from "@/lib/traces/dashboard-series";
import { closedBefore } from "./load-agent-dashboard";

// The longest dashboard window: older days are never drawn, so never rolled.
const ROLL_DAYS = Math.max(...DASHBOARD_DAYS);

/**
 * The `dashboard.rollup` job: rolls up every agent's closed UTC days within the longest dashboard
 * window that are not rolled yet (each day once, in rollUpDays' transaction). Idempotent.
 */
export async function rollUpDashboards(db: Database, now = new Date()) {
  const closed = closedBefore(now);
  const days = dayKeys(windowStart(now, ROLL_DAYS), ROLL_DAYS).filter(
    (day) => new Date(`${day}T00:00:00.000Z`) < closed,
  );
  let rolled = 0;
  const agents = await listAgents(db);
  for (const agent of agents) {
    const done = await rolledDays(db, agent.id, days);
    rolled += (
      await rollUpDays(
        db,
        agent.id,
        days.filter((day) => !done.has(day)),
      )
    ).length;
  }
  return { agents: agents.length, days_rolled: rolled };
}
