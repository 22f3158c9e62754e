import { performance } from "node:perf_hooks";
import type { Database } from "@/db/types";
import { loadAgentDashboard } from "@/lib/traces/server/load-agent-dashboard";
import { rollUpDashboards } from "@/lib/traces/server/roll-up-dashboards";
import { percentile } from "../report";

// The agent page's dashboard over the biggest agent (40 % of the turns). Before the dashboard.rollup
// job has run, a load counts the window's closed days live (one scan of their turns): that is `cold`.
// Then the job rolls them up, and every later load reads the rollups and counts only today live:
// p50/p95.
const RUNS = 10;

export async function measureDashboard(db: Database, agentId: string, days: 7 | 14 | 30) {
  const c0 = performance.now();
  await loadAgentDashboard(db, agentId, days);
  const cold = performance.now() - c0;
  await rollUpDashboards(db);
  const samples: number[] = [];
  let turns = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    turns = (await loadAgentDashboard(db, agentId, days)).turns;
    samples.push(performance.now() - t0);
  }
  return { days, turns, cold, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
